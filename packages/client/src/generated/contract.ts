// generated — do not edit; run `npm run generate` (workspace @textclass/openapi).
// TypeScript types of the textclass contract (openapi/openapi.yaml), made by openapi-typescript
// from generated/openapi.json.

export interface paths {
    "/v2/models/{model_id}/inference": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify texts with one model
         * @description Classifies 1 to 8 texts with one deployed model. For each text the answer holds the
         *     model's labels with confidences between 0 and 1, sorted by confidence, highest first; the
         *     outer `predictions` array maps one to one to `texts`.
         *
         *     - `max_predictions` caps the labels per text (1 returns only the top match); without it
         *       every label is returned with its score.
         *     - `label_filter` keeps only the named labels; scores are not rescaled.
         *     - `decisions` says per text whether its top label (over all labels, whatever the filters)
         *       clears that label's cut-off (the model's `label_thresholds`): decided texts can be routed
         *       automatically, the others go to review. Cut-offs never drop or rescale predictions.
         *     - The language is detected automatically (`text_language`); labels come back in the
         *       language in which they were defined, whatever the input language.
         *     - The same endpoint serves every granularity: an utterance, a transcript, a case history,
         *       an aggregate per customer or agent.
         *     - Idempotent: the same input gives the same output; retrying has no side effects.
         *
         *     Each text counts once against the monthly classification quota.
         *     Needs the `member` role. Only models with status `deployed` serve inference.
         */
        post: operations["classifyTexts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/inference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify texts with several models, per-model settings (variant B)
         * @description Runs 1 to 10 deployed models over the same 1 to 8 texts. Each element of
         *     `model_settings` names a model and may set its own `max_predictions` and `label_filter`;
         *     every model applies its own labels and settings. The models run in parallel, so the
         *     latency is about that of the slowest model.
         *
         *     `results` holds one element per element of `model_settings`, in the same order, each with
         *     one inner predictions array per text, sorted by `score` (this variant names the confidence
         *     `score`), highest first. If any model is missing the request fails with 404; if any is not
         *     deployed, with 409; nothing is returned for the others.
         *
         *     Each text counts once per model against the monthly classification quota. Idempotent.
         *     Needs the `member` role.
         */
        post: operations["classifyMultiModelSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/multi-model/inference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify texts with several models, model id list (variant A)
         * @description Runs 1 to 10 distinct deployed models over the same 1 to 8 texts, with one
         *     `max_predictions` for all of them. The models run in parallel, so the latency is about that
         *     of the slowest model.
         *
         *     `results` is an object keyed by model id (as a string); each value holds one inner
         *     predictions array per text, sorted by confidence, highest first. `processing_time_ms` is
         *     the time of the whole request. If any model is missing the request fails with 404; if any
         *     is not deployed, with 409.
         *
         *     Each text counts once per model against the monthly classification quota. Idempotent.
         *     Needs the `member` role.
         */
        post: operations["classifyMultiModelIds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/similarity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Score the similarity of two sets of texts
         * @description Scores every text of `compare_to_texts` against every text of `base_texts` and returns,
         *     for each compared id, the reference ids ranked by similarity, highest first, at most
         *     `top_n` of them (all when `top_n` is omitted).
         *
         *     Scores run from 0 to 1 and weigh meaning (multilingual embeddings) more than surface text
         *     overlap, so matching works across languages. `base_texts` and `compare_to_texts` together
         *     hold at most 200 texts, each at most 10,000 characters; more gives
         *     `400 INVALID_PARAMETER`. Ids are chosen by the caller and only name the texts.
         *
         *     Idempotent: the same input gives the same output. Does not count against the
         *     classification quota. Needs the `member` role.
         */
        post: operations["scoreSimilarity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embed texts with an encoder
         * @description Returns one vector per text from one encoder: the server's default (`use-multi-612`
         *     unless the operator chose another) or the one `encoder` names. These are the vectors
         *     classification and similarity run on, for a vector store or your own search.
         *
         *     - Vectors are unit length, so the cosine of two texts is the dot product of their
         *       vectors. Only vectors of the same encoder (and the same `dimensions`) are comparable.
         *     - `dimensions` cuts the vectors where the encoder allows it (see the field);
         *       `normalize` (default `true`) rescales a cut vector to unit length.
         *     - `encoding_format: base64` returns each vector as the base64 of little-endian float32
         *       values.
         *     - 1 to 200 texts of at most 10,000 characters each. Repeated texts come from the
         *       embedding cache.
         *     - Idempotent: the same input gives the same output; retrying has no side effects.
         *
         *     Each non-empty text counts once against the monthly quota, like a text classified by one
         *     model. The same API keys, roles and rate limits as inference apply; the
         *     OpenAI-compatible `POST /v1/embeddings` is the same operation in OpenAI's shapes.
         *     Needs the `member` role.
         */
        post: operations["createEmbeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embed texts (OpenAI-compatible)
         * @description OpenAI's `POST /v1/embeddings`, so vector stores, LangChain, LlamaIndex and OpenAI's own
         *     client libraries can use textclass as their embedding provider: point the client's base
         *     URL at `{base_url}/v1` and use a textclass API key as the OpenAI key.
         *
         *     ```js
         *     import OpenAI from 'openai';
         *     const openai = new OpenAI({ baseURL: 'http://localhost:8080/v1', apiKey: process.env.TEXTCLASS_API_KEY });
         *     const { data } = await openai.embeddings.create({ model: 'use-multi-612', input: ['Where is my parcel?'] });
         *     ```
         *
         *     The same operation as `createEmbeddings` in OpenAI's shapes: `model` names the encoder
         *     (or `default`), `input` is one text or an array of up to 200, `encoding_format` is
         *     `float` or `base64` (OpenAI's Node client asks for `base64` and decodes it itself),
         *     `dimensions` cuts where the encoder allows it (see the field), and `user` is ignored.
         *     Vectors are always unit length. Errors come in OpenAI's error shape (`OpenAiError`),
         *     with the statuses and headers of the rest of the API (`X-Request-Id`, the rate-limit
         *     headers, `Retry-After` on 429 and 503). The same API keys, roles, rate limits and
         *     monthly quota apply (each non-empty text counts once). Client libraries that batch
         *     (LangChain's default is 512 or 1,000 texts) must be set to at most 200 texts a request.
         *     Needs the `member` role.
         */
        post: operations["createOpenAiEmbeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the models /v1 accepts (OpenAI-compatible)
         * @description OpenAI's `GET /v1/models`, so `openai.models.list()` and tools that pick a model from
         *     the list work against textclass: every value that `/v1/embeddings` accepts as `model`,
         *     which is `default` (the server's default encoder) and each encoder of the server by id.
         *     Errors come in OpenAI's error shape, as for `/v1/embeddings`.
         *
         *     ```js
         *     const openai = new OpenAI({ baseURL: 'http://localhost:8080/v1', apiKey: process.env.TEXTCLASS_API_KEY });
         *     for await (const model of openai.models.list()) console.log(model.id);
         *     ```
         *
         *     Needs the `reader` role.
         */
        get: operations["listOpenAiModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id as `listOpenAiModels` lists it: an encoder id or `default`. Letters, digits,
                 *     `.`, `_` and `-`, starting with a letter or digit, at most 200 characters; anything else is
                 *     `400` before any lookup.
                 * @example use-multi-612
                 */
                model: components["parameters"]["OpenAiModelPath"];
            };
            cookie?: never;
        };
        /**
         * Get one model /v1 accepts (OpenAI-compatible)
         * @description OpenAI's `GET /v1/models/{model}` (`openai.models.retrieve()`): the model as
         *     `listOpenAiModels` lists it. An id the server does not have gives `404` with
         *     `code: model_not_found`, as `/v1/embeddings` does.
         *
         *     Needs the `reader` role.
         */
        get: operations["getOpenAiModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List models
         * @description Lists the deployed models of the workspace (status `deployed`), ordered by id, with their
         *     id, name, type and status. `status` lists the undeployed or archived ones instead, or
         *     `all`; `getModel` returns any of them by id. Paginated with `offset` and `limit` (default 20, at most 100).
         *
         *     Needs the `reader` role.
         */
        get: operations["listModels"];
        put?: never;
        /**
         * Create a model
         * @description Creates a model of any kind, `undeployed`:
         *     - `zero-shot`: labels with plain-text descriptions; version 1 exists at once (deploy it).
         *     - `few-shot`: labels and a handful of `examples`; it trains in the background as soon as
         *       every label has one, and again whenever examples are added. The answer's `training_job`
         *       is the first training when the inline examples queued one (null otherwise); the model's
         *       `version` stays null until it has finished.
         *     - `fine-tuned`: labels; add labelled examples (inline, from a dataset or a CSV / JSON Lines
         *       file) and start a training job.
         *     - `llm`: labels, a `prompt` and a configured `endpoint`; version 1 exists at once.
         *
         *     A name already used in the workspace gives `409 CONFLICT`. Duplicate labels, examples naming
         *     an unknown label, an unknown encoder or LLM endpoint, and `description_weights` that are not one
         *     per description give `400 INVALID_PARAMETER` naming the field.
         *
         *     Needs the `admin` role.
         */
        post: operations["createModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a model
         * @description Returns one model of the workspace, whatever its status: labels, type, status, training
         *     details and accuracy metrics. `metrics` is always present; a model never evaluated has
         *     `accuracy: null`, `f1_macro: null` and `per_class: {}`. A model that does not exist (or
         *     belongs to another workspace) gives 404.
         *
         *     Needs the `reader` role.
         */
        get: operations["getModel"];
        put?: never;
        post?: never;
        /**
         * Delete a model
         * @description Deletes the model with its versions, examples and training jobs. Datasets that named it skip
         *     it from then on (`skipped_models` says why). Cannot be undone; export the model first to keep it.
         *
         *     Needs the `admin` role.
         */
        delete: operations["deleteModel"];
        options?: never;
        head?: never;
        /**
         * Update a model's settings
         * @description Changes a model's name, description, `confidence_threshold`, `label_thresholds`,
         *     `target_precision` (few-shot and fine-tuned models) and, for a zero-shot model, the
         *     descriptions and phrases of its labels. Fields not sent keep their value. The cut-offs apply to
         *     the next request at once (they are kept with the served version, so a redeploy of it keeps
         *     them). New label texts make a new version that the model serves at once, whatever its status
         *     (`rollbackModel` returns to the old texts). Any other field (the kind, the encoder, the label
         *     set, `multi_label`) gives `400 INVALID_PARAMETER` naming it; a name another model has gives
         *     `409 CONFLICT`.
         *
         *     Needs the `admin` role.
         */
        patch: operations["updateModel"];
        trace?: never;
    };
    "/v2/dataset/{dataset_id}/item": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset: its key `ds_<id>` (as in `Dataset.key`) or its bare integer id (`Dataset.id`),
                 *     as on every path that names a dataset; `ds_1` and `1` name the same dataset. The id is
                 *     digits only (no sign, spaces or leading zeros) and at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add rows to a dataset
         * @description Adds 1 to 8 rows (at most 8 texts per call) to the dataset (key `ds_<id>` or bare integer
         *     id, as on every dataset path). Each row
         *     maps column names to values: text and timestamps (ISO 8601) as strings, numbers as numbers,
         *     or null; a value that does not fit its column's type gives `400 INVALID_PARAMETER`.
         *     Values are stored exactly as sent; keys that are not columns of the dataset are ignored and
         *     columns missing from a row are set to null. All rows are stored in one transaction: on any
         *     error none is stored.
         *
         *     Once stored, each row is classified by the dataset's models and a
         *     `classification.completed` webhook is sent per row (where webhooks are configured). The
         *     rows can be read back with `listDatasetRecords` (key `ds_<id>`). Not idempotent: sending
         *     the same rows twice stores them twice.
         *
         *     A dataset that is processing refuses writes with `409 DATASET_PROCESSING`.
         *     Needs the `member` role.
         */
        post: operations["addDatasetItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List datasets
         * @description Lists the datasets of the workspace, ordered by id. Paginated with `offset` and `limit`
         *     (default 20, at most 100).
         *
         *     Needs the `reader` role.
         */
        get: operations["listDatasets"];
        put?: never;
        /**
         * Create a dataset
         * @description Creates a dataset with its columns (`text`, `number` or `timestamp`), the `text` column
         *     to classify, and optionally the models that classify each new row. Column names must be
         *     distinct, `text_column` must name a column of type `text`, and every id in `model_ids` must
         *     be a model of the workspace; otherwise `400 INVALID_PARAMETER`. The new dataset is `ready`, empty, and reachable by its integer `id` and by its
         *     key `ds_<id>`. Not idempotent: each call creates a dataset.
         *
         *     Needs the `admin` role.
         */
        post: operations["createDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets/{dataset_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        /**
         * Get a dataset
         * @description Returns one dataset by its key `ds_<id>` or its bare integer id: columns, text column,
         *     models, status (`ready` or `processing`) and row count.
         *
         *     Needs the `reader` role.
         */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets/{dataset_id}/records": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        /**
         * List the records of a dataset
         * @description Lists the records of the dataset (key `ds_<id>` or bare id), oldest first, whether they
         *     arrived through `addDatasetItems` or `pushDatasetRecord`. `classifications` is null until
         *     the dataset's models have classified a record. Paginated with `offset` and `limit`
         *     (default 20, at most 100).
         *
         *     Optional filters narrow the list on the server (`total` counts the records that match all
         *     of them): `label` (the top label a model gave), `model_id` (the model `label` and
         *     `needs_review` refer to; any of the dataset's models without it), `needs_review`, and
         *     `created_after` / `created_before`. A value of the wrong type gives `400 INVALID_PARAMETER`
         *     naming the parameter.
         *
         *     Needs the `reader` role.
         */
        get: operations["listDatasetRecords"];
        put?: never;
        /**
         * Push a record to a dataset
         * @description Stores one record in the dataset (key `ds_<id>` or bare id) and answers with it.
         *
         *     - `text` (at most 10,000 characters) fills the dataset's `text_column`; the text may also be
         *       sent under the text column's own name. A record without a non-empty text gives
         *       `400 MISSING_REQUIRED_FIELD`.
         *     - Any other field that names a column fills that column and must fit its type (strings,
         *       numbers or null; `400 INVALID_PARAMETER` otherwise).
         *     - Any other string field (for example `queue`, `product`) is kept in `metadata`;
         *       other fields that name no column are ignored.
         *     - Columns not sent are null.
         *
         *     The record is answered with `classifications: null`; the dataset's models then classify it
         *     and a `classification.completed` webhook carries the result (where webhooks are
         *     configured). Read it back, classified, with `listDatasetRecords`. Not idempotent: each
         *     call stores a record.
         *
         *     A dataset that is processing refuses writes with `409 DATASET_PROCESSING`.
         *     Needs the `member` role.
         */
        post: operations["pushDatasetRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets/{dataset_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        /**
         * Export a dataset's records with their classifications (CSV or JSON Lines)
         * @description Downloads every record of the dataset (key `ds_<id>` or bare id), oldest first, with what
         *     each of the dataset's models said, as CSV or JSON Lines (`format`, or the `Accept`
         *     header). The file is streamed from the database a page at a time as the client reads
         *     it, so a dataset of any size exports in constant memory; a client that stops reading
         *     slows the export down, and one that disconnects ends it. Records written while the export
         *     runs may or may not be in it.
         *
         *     - **JSON Lines** (`application/x-ndjson`): one record per line, exactly as
         *       `listDatasetRecords` shows it (`id`, `dataset_id`, `values`, `metadata`,
         *       `classifications`, `needs_review`, `skipped_models`, `failed_models`, `created_at`).
         *     - **CSV** (`text/csv`, RFC 4180, UTF-8, CRLF line ends): a header row, then one row per
         *       record: `record_id`, `created_at`, each column of the dataset in its order (empty when
         *       null), `metadata` (a JSON object), then for each model of the dataset
         *       `model_<id>_label`, `model_<id>_confidence` and `model_<id>_needs_review` (`true` or
         *       `false`), empty while the record is not classified by that model. Fields holding a
         *       comma, a quote or a line break are quoted, quotes doubled. A text cell that starts with
         *       `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so that a
         *       spreadsheet shows it as text instead of running it as a formula (numbers are left as
         *       they are).
         *
         *     `Content-Disposition` names the file (`ds_1-records.csv`). An error found before the
         *     first byte (an unknown dataset, a bad `format`) is answered with the error object; one
         *     after it (the database went away) ends the response early, without the final line end.
         *
         *     Needs the `reader` role.
         */
        get: operations["exportDatasetRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets/{dataset_id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        /**
         * List the uploads of a dataset
         * @description Lists the file uploads of the dataset (key `ds_<id>` or bare id), newest first, each as
         *     `getDatasetUpload` shows it: `status` (`processing`, `completed` or `failed`), the rows
         *     received and stored, the bytes received and, for a failed upload, the line and reason.
         *     Paginated with `offset` and `limit` (default 20, at most 100).
         *
         *     Needs the `reader` role.
         */
        get: operations["listDatasetUploads"];
        put?: never;
        /**
         * Upload a CSV or JSON Lines file of rows
         * @description Adds the rows of a file to the dataset (key `ds_<id>` or bare id). The body is the file
         *     itself, streamed (`curl --data-binary @rows.csv -H 'Content-Type: text/csv'`), up to
         *     `TEXTCLASS_UPLOAD_MAX_BYTES` (1 GiB by default; `413 PAYLOAD_TOO_LARGE` above it). It is
         *     not subject to the 1 MiB limit of JSON bodies. `Content-Encoding: gzip` is accepted; the
         *     limit then applies to the decoded bytes.
         *
         *     - `text/csv`: RFC 4180. The first line is the header and names the columns; fields may be
         *       quoted with `"` and then contain commas, quotes (doubled) and line breaks. An empty field
         *       is null. Values of `number` columns must parse as numbers, of `timestamp` columns as
         *       ISO 8601 timestamps.
         *     - `application/x-ndjson` (JSON Lines): one JSON object per line; blank lines are skipped.
         *       Values must fit their columns as in `addDatasetItems` (strings, numbers or null).
         *
         *     Columns are mapped as the row endpoints map them: a field that names a column fills it,
         *     `text` fills the `text_column` (unless a column is itself named `text`), fields that
         *     name no column are dropped, missing columns are null. A CSV header that names none of the
         *     columns fails the upload at line 1.
         *
         *     **All-or-nothing.** The server first receives the whole body into a spool file on its disk,
         *     then answers `202` with the Upload (`status: processing`) and ingests it in the
         *     background, so a client that disconnects after the `202` loses nothing and memory stays
         *     bounded whatever the file size. Rows are checked and staged apart from the dataset; when the
         *     last line is checked they are stored in one transaction and the upload becomes
         *     `completed`. The first bad line fails the upload (`failed`, `error.line` and
         *     `error.message`) and no row of it is stored, never half a row. An upload is not
         *     resumable: fix the file and upload it whole again. A body cut off before it is complete
         *     (the client disconnects) is discarded and leaves no upload behind. Follow progress with
         *     `getDatasetUpload`. If the server stops or crashes mid-ingestion the upload is marked
         *     `failed` (within a minute of a restart) and none of its rows is stored.
         *
         *     From the moment the upload is accepted until it completes or fails, the dataset is
         *     `processing`: other uploads and row writes to it get `409 DATASET_PROCESSING`. Stored
         *     rows are then classified by the dataset's models like rows of the other endpoints. Not
         *     idempotent: each upload stores its rows again.
         *
         *     Needs the `member` role.
         */
        post: operations["uploadDatasetFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/datasets/{dataset_id}/uploads/{upload_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
                /**
                 * @description Upload id `up_<n>` as returned by `uploadDatasetFile` (`id`): `up_` and digits, no sign,
                 *     spaces or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before
                 *     any lookup.
                 * @example up_1
                 */
                upload_id: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get the progress of an upload
         * @description Returns an upload of the dataset and how far its ingestion has come: `processing` with
         *     `rows_received` growing, then `completed` (every row stored) or `failed` (no row
         *     stored; `error` names the line and the reason).
         *
         *     Needs the `reader` role.
         */
        get: operations["getDatasetUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the quota usage
         * @description Returns the classified texts the workspace has used in the current billing period, its
         *     monthly quota (null when unlimited), and when the period started and resets. A
         *     classification counts each text times each model, an embeddings request each non-empty
         *     text once; a request that would cross the quota is
         *     refused whole with `403 QUOTA_EXCEEDED` and counts nothing.
         *
         *     Needs the `reader` role.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the calling key and its workspace
         * @description Returns the API key that made the request (never the key itself: its name, role, prefix and
         *     last four characters) and its workspace with the plan, the rate limit and the monthly quota.
         *     A client reads the role here to know what the key may do before it tries.
         *
         *     Needs the `reader` role.
         */
        get: operations["getCurrentKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Lists the API keys of the workspace, active and revoked, ordered by id: name, role,
         *     prefix and last four characters, creation, last use and revocation times. The keys
         *     themselves are never returned. Paginated with `offset` and `limit` (default 20, at most
         *     100).
         *
         *     Needs the `admin` role.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates an API key of the workspace with a role (`reader`, `member` or `admin`). The
         *     response carries the full key in `key`, shown this once: only its SHA-256 hash is stored,
         *     so it cannot be read again. The key works at once. Not idempotent: each call creates a key.
         *
         *     Needs the `admin` role.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the API key, as returned by `listApiKeys` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 2
                 */
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes an API key of the workspace at once: from the next request on, it gets
         *     `401 UNAUTHORIZED`. Answers with the key object, `revoked_at` set. Idempotent: revoking a
         *     revoked key answers the same object and keeps the first `revoked_at`. A key may revoke
         *     itself. A key that does not exist, or belongs to another workspace, gives 404.
         *
         *     Needs the `admin` role.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Lists the webhook endpoints of the workspace, ordered by id: URL, subscribed events and
         *     whether each is enabled. Secrets are never returned here. Paginated with `offset` and
         *     `limit` (default 20, at most 100).
         *
         *     Needs the `admin` role.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL that receives the events it subscribes to (`classification.completed`).
         *     The response carries the signing secret `whsec_…` in `secret`, shown this once (rotate it
         *     with `rotateWebhookSecret` if it is lost). `enabled` is true when not sent.
         *
         *     The URL must be `http` or `https`. A URL whose host resolves to a private, loopback or
         *     link-local address is refused with `400 INVALID_PARAMETER` naming `url`, unless the
         *     operator allows such targets (`TEXTCLASS_WEBHOOK_ALLOW_PRIVATE=true`); the address is
         *     checked again at every delivery. Not idempotent: each call creates an endpoint.
         *
         *     Needs the `admin` role.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connectors
         * @description Lists the connectors of the workspace, ordered by id. Credentials are never returned
         *     (`credentials_set` says whether they are stored). Paginated with `offset` and `limit`
         *     (default 20, at most 100).
         *
         *     Needs the `admin` role.
         */
        get: operations["listConnectors"];
        put?: never;
        /**
         * Create a connector
         * @description Connects a helpdesk, CRM or IT-service-management account: its tickets are pulled every
         *     `interval_seconds` into the dataset (upserted by the remote id: an edited ticket updates its
         *     record, which is classified again), classified by the dataset's models, and, with
         *     `write_back`, their labels written back onto the tickets. The first sync starts at once.
         *
         *     The credentials are encrypted at rest with the operator's key: a server without
         *     `TEXTCLASS_CONNECTOR_KEY` refuses with `400 INVALID_PARAMETER` naming `credentials`.
         *     The base URL is checked as webhook URLs are: one that resolves to a private, loopback or
         *     link-local address is refused with `400 INVALID_PARAMETER` naming `base_url`, unless the
         *     operator allows such targets (`TEXTCLASS_CONNECTOR_ALLOW_PRIVATE=true`).
         *     A `dataset_id` that names no dataset of the workspace gives `404 NOT_FOUND`.
         *     Not idempotent: each call creates a connector.
         *
         *     Needs the `admin` role.
         */
        post: operations["createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/connectors/{connector_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a connector
         * @description One connector of the workspace (without its credentials). A connector of another workspace
         *     gives 404.
         *
         *     Needs the `admin` role.
         */
        get: operations["getConnector"];
        put?: never;
        post?: never;
        /**
         * Delete a connector
         * @description Deletes a connector with its run log, its remote-id map and its pending writes. The records
         *     it stored stay in the dataset.
         *
         *     Needs the `admin` role.
         */
        delete: operations["deleteConnector"];
        options?: never;
        head?: never;
        /**
         * Update a connector
         * @description Changes the name, base URL, credentials, field mapping, interval, write-back settings or
         *     `enabled`; fields not sent keep their value (`write_back` is merged field by field). New
         *     credentials or a new base URL take a connector out of `error`. A new base URL is checked as
         *     in `createConnector`.
         *
         *     Needs the `admin` role.
         */
        patch: operations["updateConnector"];
        trace?: never;
    };
    "/v2/connectors/{connector_id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync a connector now
         * @description Makes the connector due now; a server process starts the run as soon as the connector is
         *     free (a run in progress finishes first, and one more follows it). A connector in `error`
         *     runs again. Follow the run with `listConnectorRuns`.
         *
         *     Needs the `admin` role.
         */
        post: operations["syncConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/connectors/{connector_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a connector's runs
         * @description The connector's sync runs, newest first: when each started and finished, how many tickets
         *     it fetched and stored, how many labels it wrote back, what it skipped, and its error with
         *     the remote's status and message. Paginated with `offset` and `limit`.
         *
         *     Needs the `admin` role.
         */
        get: operations["listConnectorRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One webhook endpoint of the workspace (without its secret). An endpoint of another
         *     workspace gives 404.
         *
         *     Needs the `admin` role.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes an endpoint with its delivery log; deliveries not yet made are dropped.
         *
         *     Needs the `admin` role.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the URL, the subscribed events or `enabled` of an endpoint; fields not sent keep
         *     their value. Enabling an endpoint clears `disabled_reason` (for example after a `410`).
         *     A new URL is checked as in `createWebhook`. Deliveries still pending go to the new URL.
         *
         *     Needs the `admin` role.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Replaces the endpoint's signing secret at once and returns the new one, shown this once.
         *     Every attempt from now on, retries of earlier events included, is signed with it.
         *
         *     Needs the `admin` role.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        /**
         * List deliveries of a webhook endpoint
         * @description The delivery log of an endpoint, newest first: each event's `webhook_id`, its status
         *     (`pending`, `succeeded`, `failed`), every attempt with its status code, latency and
         *     error, and when the next attempt is due. Paginated with `offset` and `limit`.
         *
         *     Needs the `admin` role.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
                /**
                 * @description Id of a delivery, as listed by `listWebhookDeliveries` (`id`): digits only, no sign, spaces or
                 *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 17
                 */
                delivery_id: components["parameters"]["DeliveryIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description Puts a delivery back in the queue, due at once, with its retry schedule restarted,
         *     whatever its status. The event keeps its `webhook-id`, so a receiver that already
         *     processed it can recognise it. Answers with the delivery.
         *
         *     Needs the `admin` role.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/examples": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * List training examples
         * @description Lists the labelled examples of a `few-shot` or `fine-tuned` model, oldest first, with the ids
         *     that `updateModelExample` and `deleteModelExample` take. Paginated with `offset` and `limit`;
         *     `label` keeps the examples of one label (for a multi-label model, those that have it). Other
         *     kinds have no examples: their list is empty.
         *
         *     Needs the `reader` role.
         */
        get: operations["listModelExamples"];
        put?: never;
        /**
         * Add labelled examples
         * @description Adds labelled examples to a `few-shot` or `fine-tuned` model: inline, from a dataset's
         *     labelled rows, or as a file (`text/csv` with a header row naming `text` and `label`, or
         *     `application/x-ndjson` with one `{"text": …, "label": …}` object per line; at most 32 MiB).
         *     A multi-label model takes several labels per example: `labels` (an array) inline or in JSON
         *     Lines, or one `label` cell with the labels separated by `|` (`refund|complaint`) in a CSV, a
         *     JSON Lines `label` or a dataset's label column; `labels` on a single-label model, or both
         *     `label` and `labels` on one example, is `400 INVALID_PARAMETER`.
         *     A text already stored takes the new label. A few-shot model retrains at once and, when it is
         *     deployed, serves the new version when the training ends (`training_job` in the answer).
         *     Other kinds give `400 INVALID_PARAMETER`.
         *
         *     Needs the `admin` role.
         */
        post: operations["addModelExamples"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/examples/{example_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of a training example, as `listModelExamples` returns it (`id`): digits only, no sign, spaces
                 *     or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 12
                 */
                example_id: components["parameters"]["ExampleIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a training example
         * @description Deletes one example of the model. The versions already trained keep what they learnt; the
         *     next training leaves the example out. A few-shot model retrains at once when every label still
         *     has an example (follow it with `listTrainingJobs`).
         *
         *     Needs the `admin` role.
         */
        delete: operations["deleteModelExample"];
        options?: never;
        head?: never;
        /**
         * Edit a training example
         * @description Changes an example's text and/or label: `label` for a single-label model; `labels` (several)
         *     or `label` (one) for a multi-label model. Labels that are not the model's, `labels` on a
         *     single-label model, or both fields at once give `400 INVALID_PARAMETER`; a text another example
         *     of the model already has gives `409 CONFLICT`. A few-shot model retrains at once, as after
         *     `addModelExamples` (`training_job`); a fine-tuned model uses the change at its next training.
         *
         *     Needs the `admin` role.
         */
        patch: operations["updateModelExample"];
        trace?: never;
    };
    "/v2/models/{model_id}/training-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * List training jobs
         * @description Lists the model's training jobs, newest first. Paginated with `offset` and `limit`.
         *
         *     Needs the `reader` role.
         */
        get: operations["listTrainingJobs"];
        put?: never;
        /**
         * Train a model
         * @description Starts a training of a `few-shot` or `fine-tuned` model in the background and answers at once
         *     with the queued job; follow it with `getTrainingJob`. The examples are embedded with the
         *     model's encoder, split per label into a training and a held-out part (fixed by `seed`), a
         *     classification head is trained on the training part (class weights for imbalance, early
         *     stopping) and evaluated on the held-out part. The same recipe is then refit on every example
         *     (for a fine-tuned model with the number of epochs early stopping chose, without a validation
         *     slice), and that head is stored as a new model version with its ONNX head, the metrics of the
         *     held-out evaluation and `training_examples` counting every example. When nothing can be held
         *     out, the one head trained on every example is stored with null metrics. A model never deployed shows the new version at once; a deployed or archived one
         *     keeps its version until you deploy the new one (or ask for `deploy: true`), and the version
         *     it served then becomes the one `rollbackModel` returns to.
         *
         *     One training of a model runs at a time: while one is queued or running, another request
         *     gives `409 CONFLICT` naming that job (it would train on the same examples and make an
         *     identical version); follow it with `getTrainingJob` and train again once it has finished.
         *
         *     Every label needs labelled examples first (two each for fine-tuned); otherwise
         *     `400 INVALID_PARAMETER` naming `examples`.
         *
         *     Needs the `admin` role.
         */
        post: operations["trainModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/training-jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of the training job, as returned by `trainModel` (`id`): digits only, no sign, spaces or
                 *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 7
                 */
                job_id: components["parameters"]["TrainingJobIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a training job
         * @description Returns a training job with its progress: `stage`, `progress` (0 to 1), the epoch and loss
         *     while training, and the new `version` once it succeeded (or `error` once it failed).
         *
         *     Needs the `reader` role.
         */
        get: operations["getTrainingJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * List model versions
         * @description Lists every version of the model, oldest first, with its metrics and which one is served.
         *
         *     Needs the `reader` role.
         */
        get: operations["listModelVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/versions/{version}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description The version whose labels and encoder the audit uses (`version` of `listModelVersions`):
                 *     digits only, no sign or leading zeros. Anything else is `400 INVALID_PARAMETER`.
                 * @example 2
                 */
                version: number;
            };
            cookie?: never;
        };
        /**
         * Audit a version's training data
         * @description Training data health of the model's labelled examples (those of the version's labels, embedded
         *     by the version's encoder). Every example is scored by a head fitted without it (5-fold,
         *     stratified by label, the served trainer's defaults), and the audit lists:
         *     - `suspects`: examples whose out-of-fold prediction disagrees with their label, the least
         *       probable given label first, each with the most probable other label: labels that are
         *       probably wrong.
         *     - `conflicts`: pairs of examples with different labels whose texts are equal after
         *       normalisation (case, punctuation, spacing) or nearly the same in meaning (cosine of the
         *       embeddings at or above `similarity`).
         *     - `confusions`: the label pairs the out-of-fold predictions mix up most, each with some of
         *       the texts.
         *
         *     Each list holds at most `limit` entries. A model with fewer than two examples of two of the
         *     version's labels gives `400 INVALID_PARAMETER`; an unknown version `404 NOT_FOUND`.
         *
         *     Needs the `admin` role: it shows the training examples' texts, which only admins add, and it
         *     fits five heads.
         */
        get: operations["auditModelVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/versions/{version}/held-out": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description The version whose training held the examples out (`version` of `listModelVersions`):
                 *     digits only, no sign or leading zeros. Anything else is `400 INVALID_PARAMETER`.
                 * @example 2
                 */
                version: number;
            };
            cookie?: never;
        };
        /**
         * List a version's held-out predictions
         * @description The examples the version's training held out to measure it, each with its label and the label
         *     the head trained on the other examples predicted: the texts behind the counts of the version's
         *     `confusion_matrix` (and of `per_class`). `label` and `predicted_label` keep one row and one
         *     column; both together keep one cell. Paginated with `offset` and `limit`, in the order the
         *     training held them out.
         *
         *     A label that is not one of the version's gives `400 INVALID_PARAMETER` naming the parameter. A
         *     multi-label model has no confusion matrix (each label is scored on its own): it gives
         *     `400 INVALID_PARAMETER` naming `model_id`. An unknown version gives `404 NOT_FOUND`, and so does
         *     a version that keeps no held-out texts: one whose metrics come from `evaluateModel` or an
         *     import, or that was trained before the texts were kept (train again to keep them). A version
         *     whose training held nothing out has an empty list.
         *
         *     Needs the `reader` role (like `listModelExamples`).
         */
        get: operations["listHeldOutPredictions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a model's evaluations
         * @description Every evaluation of the model (`evaluateModel`), newest first, each with the version it
         *     measured and its metrics; `version` keeps one version's. Paginated with `offset` and `limit`.
         *     The metrics a training measured on its held-out part stay with the version (`listModelVersions`).
         *
         *     Needs the `reader` role.
         */
        get: operations["listModelEvaluations"];
        put?: never;
        /**
         * Evaluate a model on a labelled set
         * @description Classifies labelled texts (inline or a dataset's labelled rows) with the model's current
         *     version and keeps the measured metrics as an evaluation of that version (`listModelEvaluations`).
         *     A zero-shot or llm model, which no training measures, also shows them as the version's metrics
         *     (in `getModel`); a trained model's version keeps the metrics its training measured. Meant
         *     for zero-shot and llm models, which are not trained; trained models are evaluated on their
         *     held-out split when they train, and may be measured again here (on texts that are not among
         *     their examples: the served head has learned every one of them). Labels that are not the
         *     model's give `400 INVALID_PARAMETER`. A multi-label model takes examples with `labels` and
         *     answers multi-label metrics (`accuracy` is the subset accuracy); a zero-shot multi-label
         *     model also fits each label's cut-off on the set (stored in `multi_label_cutoffs`) and answers
         *     metrics cross-fitted over three folds. A single-label zero-shot model calibrates its
         *     confidences on the set: it chooses its scoring rule and fits its softmax temperature on the
         *     texts, serves them from then on, and answers `calibration` with the ECE before (as served until
         *     now) and after, measured out of fold over 5 folds from 15 texts up (`fitted_on:
         *     evaluation-set`, `measured_on: out-of-fold`); under 12 texts or 2 labels it keeps what it
         *     served and answers `calibration_not_fitted` instead.
         *
         *     Needs the `admin` role.
         */
        post: operations["evaluateModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * Suggest rows to label next
         * @description Active learning for few-shot and fine-tuned models: scores a dataset's rows that are not
         *     examples of the model yet (the newest `scan` rows, default 1,000) and returns the ones it is
         *     least certain about first, each with its current guess. Label them and add them with
         *     `addModelExamples`. A model without a version gives `400 INVALID_PARAMETER`.
         *
         *     Needs the `admin` role.
         */
        get: operations["suggestLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * The model's review queue
         * @description The records of the workspace's datasets that need review for this model (their top
         *     confidence fell below the model's threshold, so the model id is in `Record.needs_review`),
         *     least confident first (ties by record id), each with its text, row, the model's best labels
         *     and when it was classified. Pages are read in the queue's index order, so a page costs the
         *     same on a queue of any length. A record leaves the queue when it is answered
         *     (`answerReview`); records classified later join it.
         *
         *     With `suggestions` (and `dataset_id`), the answer also carries the active-learning
         *     suggestions of that dataset in a separate `suggestions` section (see `suggestLabels`; a
         *     model without a version, or of a kind that does not learn from examples, gives
         *     `400 INVALID_PARAMETER`).
         *
         *     Needs the `member` role.
         */
        get: operations["listReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/review/{record_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of a record of one of the workspace's datasets (`ReviewItem.record_id`, `Record.id`).
                 *     Digits only, no leading zero, at most 18 digits; anything else is `400 INVALID_PARAMETER`.
                 * @example 412
                 */
                record_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a review with the right label
         * @description Stores a reviewer's label for a record: the record's text becomes a training example of
         *     the model with that label (source `review`; a text already stored takes the new label) and
         *     the model leaves the record's `needs_review`, so the record leaves the queue. The record
         *     need not be in the queue (a suggestion, or any record you want to teach the model).
         *
         *     Answering is idempotent: the same label again answers `200` with `created: false` and
         *     changes nothing; concurrent answers store one. A different label for a record already
         *     answered gives `409 CONFLICT` naming the first label (correct it with `addModelExamples`).
         *     The model learns from its examples at its next training: `trainModel` (admin) or
         *     `textclass models train <id>`. Only `few-shot` and `fine-tuned` models take answers; other
         *     kinds give `400 INVALID_PARAMETER`. A label the model does not have gives
         *     `400 INVALID_PARAMETER` naming `label`; a record without text, naming `record_id`.
         *
         *     Needs the `member` role.
         */
        post: operations["answerReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy a model version
         * @description Serves a version of the model: the newest unless `version` names one. An undeployed or
         *     archived model becomes `deployed`; a deployed one switches to the version, and the version it
         *     served (an archived one: served until the archive) becomes the one `rollbackModel` returns
         *     to. The head is loaded before the switch; requests in flight finish on the version they
         *     started with. Deploying the version already served changes nothing. A model without a
         *     version (never trained), an unknown `version`, or a version whose stored head could not
         *     serve (checked as `importModel` checks one) gives `400 INVALID_PARAMETER` naming `version`.
         *
         *     A model whose first training is queued or running has no version yet: the answer is
         *     `409 CONFLICT` with `Retry-After` at once (the request is not held until the training
         *     ends, which may run in another server process and, for fine-tuned models, take a while);
         *     deploy again after that many seconds, or once `getTrainingJob` says `succeeded`.
         *
         *     Needs the `admin` role.
         */
        post: operations["deployModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll back to the previous version
         * @description Serves the version the model served before its last deploy; the two swap, so a second rollback
         *     undoes the first. Only a deployed model rolls back (`409 MODEL_ARCHIVED` /
         *     `409 MODEL_NOT_DEPLOYED`); one without a previous version gives `400 INVALID_PARAMETER`.
         *
         *     Needs the `admin` role.
         */
        post: operations["rollbackModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        /**
         * Export a model
         * @description Returns the model's current version as one file (`ModelExport`): definition, metrics, the
         *     trained ONNX head and the encoder it needs, with SHA-256 checksums. `importModel` reads it on
         *     any textclass installation that has the same encoder. Nothing secret is in it (an llm model
         *     names its endpoint, never a key).
         *
         *     Needs the `admin` role.
         */
        get: operations["exportModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a model
         * @description Creates a model from an export file, `undeployed`, as version 1 of a new model (deploy it to
         *     serve). The encoder it names must be loaded here with the same SHA-256, and the head must
         *     match its checksum; otherwise `400 INVALID_PARAMETER` naming the field. The head is then
         *     opened and run as it will serve: it must be an ONNX graph taking `embeddings` of the
         *     encoder's dimension and giving `probabilities` with one column per label, each row summing
         *     to 1. Anything else is refused with `400 INVALID_PARAMETER` naming `head.data_base64`
         *     (not ONNX, other input or output) or `model.labels` (another number of outputs than labels),
         *     so an imported model always deploys and serves. A name already used
         *     in the workspace gives `409 CONFLICT` (import with `?name=` to rename).
         *
         *     Needs the `admin` role.
         */
        post: operations["importModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/models/{model_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a model
         * @description Stops a deployed model from serving: inference then gives `409 MODEL_ARCHIVED` and datasets skip
         *     it, until it is redeployed with `deployModel`. Only a deployed model can be archived
         *     (`409 MODEL_NOT_DEPLOYED` otherwise); archiving an archived model changes nothing.
         *
         *     Needs the `admin` role.
         */
        post: operations["archiveModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check readiness
         * @description Readiness probe for load balancers and orchestrators. Answers 200 `{"status":"ok"}` once
         *     the encoders are loaded and requests can be served, and 503 `{"status":"loading"}` with
         *     `Retry-After` before. `rate_limits` says where rate limits are counted; when `REDIS_URL`
         *     is set and Redis is unreachable it reads `process-fallback` while the status stays `ok`. Needs no API key and is not rate limited, so its responses carry no
         *     rate-limit headers.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check liveness
         * @description Liveness probe: answers 200 `{"status":"ok"}` whenever the process can answer HTTP, from
         *     the moment it listens, while its encoders load and while PostgreSQL or Redis are down. Restart
         *     the process only when this stops answering. Needs no API key and is not rate limited.
         */
        get: operations["getHealthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check readiness to serve
         * @description Readiness probe for load balancers and orchestrators: 200 `{"status":"ready"}` when this
         *     process can serve every request: the encoders it loads at start (the default encoder, every
         *     encoder a deployed model uses, and those `TEXTCLASS_PRELOAD_ENCODERS` names; any other one
         *     loads on its first request, which waits for it) are loaded and warm, the database answers within 2 seconds, and its schema has every migration
         *     this version knows. Otherwise 503 `{"status":"not_ready"}` with `Retry-After`; `checks`
         *     says which part failed. Unlike `GET /health`, which only waits for the encoders, this takes
         *     a process out of rotation while PostgreSQL is unreachable. A Redis outage does not make a
         *     process unready (rate limits fall back to per-process counters, see `GET /health`). Needs
         *     no API key and is not rate limited.
         */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "classification.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A record has been classified
         * @description Sent to the workspace's configured URL when the models of a dataset have classified one
         *     record, whether it arrived by integration, `pushDatasetRecord`, `addDatasetItems` or file
         *     upload. Webhook configuration is available to enterprise customers on request.
         *
         *     **Signature (Standard Webhooks).** Each delivery carries `webhook-id`,
         *     `webhook-timestamp` and `webhook-signature`. The signature is
         *     `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the
         *     endpoint's secret `whsec_…` (the part after `whsec_`, base64-decoded). Verify it over the
         *     raw body before parsing, compare in constant time, and reject stale timestamps.
         *
         *     **Acknowledge.** Answer with any 2xx status within 10 seconds; do the work afterwards.
         *     Anything else (another status, a timeout, a connection error) is a failed attempt.
         *
         *     **Retries.** A failed delivery is retried with backoff and jitter after about 5 s, 5 min,
         *     30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h; after the last attempt it is marked failed.
         *     Answering `410 Gone` disables the endpoint. `webhook-id` stays the same across the
         *     retries of one event, so deduplicate on it. Deliveries are kept in the service's database
         *     until they succeed or fail, so a restart of the service loses none. Deliveries may arrive
         *     out of order.
         */
        post: operations["classificationCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description The texts to classify, 1 to 8 per request; a single text is still sent in an array. Each
         *     text is at most 10,000 characters, and at least one must be non-empty (not only
         *     whitespace).
         *
         *     - `texts` missing or not an array: `400 MISSING_REQUIRED_FIELD`.
         *     - An empty array, or only empty or whitespace-only strings: `400 EMPTY_TEXTS`.
         *     - More than 8 texts, a text over 10,000 characters, or an element that is not a string:
         *       `400 INVALID_PARAMETER`.
         */
        Texts: string[];
        /**
         * @description Maximum number of labels returned per text, highest confidence first. When omitted, every
         *     label with its score is returned; 1 returns only the top match.
         */
        MaxPredictions: number;
        /**
         * @description Only scores for these labels are returned; scores are not rescaled after filtering. Every
         *     label must be one of the model's labels (`400 INVALID_PARAMETER` otherwise).
         */
        LabelFilter: string[];
        /** @description Texts to classify with one model, and optional cuts of the label list. */
        InferenceRequest: {
            texts: components["schemas"]["Texts"];
            max_predictions?: components["schemas"]["MaxPredictions"];
            label_filter?: components["schemas"]["LabelFilter"];
        };
        /** @description One label and its confidence for one text. */
        Prediction: {
            /** @description Label name, in the language in which it was defined. */
            label: string;
            /** @description Confidence between 0 and 1. */
            confidence: number;
        };
        /**
         * @description One inner array per input text, in the order of `texts`. Each inner array holds the
         *     predictions for that text sorted by confidence, highest first.
         */
        PredictionLists: components["schemas"]["Prediction"][][];
        /**
         * @description Whether one text's top label clears that label's cut-off, so that the text can be routed
         *     without a human review. The top label is taken over all of the model's labels, whatever
         *     `label_filter` and `max_predictions` keep in `predictions`; cut-offs never drop or rescale
         *     predictions. The cut-off is the model's effective one for that label (see `label_thresholds`
         *     of the Model).
         */
        Decision: {
            /** @description The text's top label. */
            label: string;
            /** @description Its confidence, as in `predictions`. */
            confidence: number;
            /** @description The label's effective cut-off. */
            threshold: number;
            /**
             * @description True when `confidence` is at or above `threshold` (a cut-off of 1 never decides): the
             *     prediction may be acted on automatically; false means it should go to review.
             */
            decided: boolean;
        };
        /**
         * @description One decision per input text, in the order of `texts` (parallel to the outer `predictions`
         *     array): whether the text's top label clears its cut-off.
         */
        DecisionList: components["schemas"]["Decision"][];
        /** @description Integer id of a model (at most 2147483647). */
        ModelId: number;
        /**
         * @description Detected language: the ISO 639-1 code where the language has one (`en`, `de`), otherwise
         *     the ISO 639-3 code (`yue`), or `und` when it could not be determined (for example a very
         *     short or non-linguistic text).
         */
        LanguageCode: string;
        /** @description Server-side processing time in milliseconds. */
        ProcessingTime: number;
        /** @description Predictions of one model for each text sent. */
        InferenceResponse: {
            predictions: components["schemas"]["PredictionLists"];
            decisions: components["schemas"]["DecisionList"];
            model_id: components["schemas"]["ModelId"];
            /**
             * @description Language detected over the texts of the request taken together (so with mixed languages,
             *     the predominant one). ISO 639-1 where the language has a code there, else ISO 639-3,
             *     `und` when undetermined. Detection never changes which labels are returned.
             */
            text_language: components["schemas"]["LanguageCode"];
            processing_time_ms: components["schemas"]["ProcessingTime"];
        };
        /**
         * @description Machine-readable error identifier. The set is closed; each code has one HTTP status.
         *
         *     | error_code | status | condition |
         *     |---|---|---|
         *     | `MISSING_REQUIRED_FIELD` | 400 | a required field is missing (a record without text included), or `texts` is not an array |
         *     | `MALFORMED_JSON` | 400 | the body is not valid JSON |
         *     | `EMPTY_TEXTS` | 400 | `texts` is empty or holds only empty or whitespace-only strings |
         *     | `INVALID_PARAMETER` | 400 | any other invalid parameter: wrong type, out of range, too many texts, text too long, unknown field, bad path or query parameter (a malformed path id included), a `Content-Encoding` other than `gzip` or `identity`, a body that does not inflate |
         *     | `UNAUTHORIZED` | 401 | API key missing or invalid |
         *     | `FORBIDDEN` | 403 | the key's role does not allow the operation |
         *     | `QUOTA_EXCEEDED` | 403 | the workspace's monthly classification quota is used up |
         *     | `NOT_FOUND` | 404 | the model, dataset, record, API key or path does not exist, or belongs to another workspace |
         *     | `METHOD_NOT_ALLOWED` | 405 | the path exists but not with this method; the `Allow` header lists the methods it has |
         *     | `MODEL_ARCHIVED` | 409 | inference on an archived model |
         *     | `MODEL_NOT_DEPLOYED` | 409 | inference on a model that is not deployed yet |
         *     | `DATASET_PROCESSING` | 409 | writing to a dataset that is still processing |
         *     | `CONFLICT` | 409 | a resource with that name already exists (creating or importing a model under a name the workspace already uses), or a training of the model is queued or running (`trainModel`; `deployModel` before the first training has finished, with `Retry-After`) |
         *     | `REQUEST_TIMEOUT` | 408 | the request body stopped arriving: no bytes for `TEXTCLASS_BODY_IDLE_TIMEOUT_MS` (60 s by default), or a request other than a file upload did not arrive whole within `TEXTCLASS_REQUEST_TIMEOUT_MS` (120 s); the connection is closed after the answer |
         *     | `PAYLOAD_TOO_LARGE` | 413 | the request body is over the byte limit (1 MiB by default) |
         *     | `UNSUPPORTED_MEDIA_TYPE` | 415 | the body is sent with a media type (or charset) the operation does not take, e.g. `text/plain` where it takes `application/json` |
         *     | `RATE_LIMITED` | 429 | the workspace's rate limit is exceeded, or too many failed authentications came from one address; see `Retry-After` |
         *     | `INTERNAL_ERROR` | 500 | an unexpected failure |
         *     | `UNAVAILABLE` | 503 | the server is overloaded or not ready yet (models loading); see `Retry-After` |
         * @enum {string}
         */
        ErrorCode: "MISSING_REQUIRED_FIELD" | "MALFORMED_JSON" | "EMPTY_TEXTS" | "INVALID_PARAMETER" | "UNAUTHORIZED" | "FORBIDDEN" | "QUOTA_EXCEEDED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "MODEL_ARCHIVED" | "MODEL_NOT_DEPLOYED" | "DATASET_PROCESSING" | "CONFLICT" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "UNAVAILABLE";
        /** @description The body of every error response. */
        Error: {
            /** @description Mirrors the HTTP status code. */
            status: number;
            /** @description Plain-language description that names the field at fault. Never contains stack traces or internals. */
            message: string;
            error_code: components["schemas"]["ErrorCode"];
            /** @description Identifier to quote to support; equal to the `X-Request-Id` response header. */
            request_id: string;
        };
        /** @description One model to run in a variant B multi-model request, with its own cuts. */
        ModelSetting: {
            /** @description Id of a deployed model to run. */
            model_id: components["schemas"]["ModelId"];
            max_predictions?: components["schemas"]["MaxPredictions"];
            label_filter?: components["schemas"]["LabelFilter"];
        };
        /** @description Texts and one settings object per model to run (variant B). */
        MultiModelSettingsRequest: {
            texts: components["schemas"]["Texts"];
            /** @description One element per model to run, 1 to 10 models. Results come back in this order. */
            model_settings: components["schemas"]["ModelSetting"][];
        };
        /** @description One label and its score for one text (multi-model variant B names the confidence `score`). */
        ScoredPrediction: {
            /** @description Label name, in the language in which it was defined. */
            label: string;
            /** @description Confidence between 0 and 1. */
            score: number;
        };
        /**
         * @description One inner array per input text, in the order of `texts`. Each inner array holds the
         *     predictions for that text sorted by score, highest first.
         */
        ScoredPredictionLists: components["schemas"]["ScoredPrediction"][][];
        /** @description The predictions of one model of a variant B request. */
        ModelResult: {
            model_id: components["schemas"]["ModelId"];
            /** @description Display name of the model. */
            model_name: string;
            predictions: components["schemas"]["ScoredPredictionLists"];
            decisions: components["schemas"]["DecisionList"];
        };
        /** @description One result per model, in the order of `model_settings`. */
        MultiModelSettingsResponse: {
            results: components["schemas"]["ModelResult"][];
        };
        /** @description Texts and the ids of the models to run on them (variant A). */
        MultiModelIdsRequest: {
            /** @description Ids of 1 to 10 distinct deployed models. */
            model_ids: components["schemas"]["ModelId"][];
            texts: components["schemas"]["Texts"];
            /**
             * @description Maximum number of labels returned per text, the same for every model. When omitted,
             *     every label with its score is returned; 1 returns only the top match.
             */
            max_predictions?: components["schemas"]["MaxPredictions"];
        };
        /** @description The predictions of one model of a variant A request. */
        ModelPredictions: {
            predictions: components["schemas"]["PredictionLists"];
            decisions: components["schemas"]["DecisionList"];
        };
        /** @description Predictions keyed by model id, and the total processing time. */
        MultiModelIdsResponse: {
            /** @description One entry per requested model, keyed by the model id as a string (`"1"`). */
            results: {
                [key: string]: components["schemas"]["ModelPredictions"];
            };
            /** @description Server-side processing time of the whole request in milliseconds; the models run in parallel. */
            processing_time_ms: components["schemas"]["ProcessingTime"];
        };
        /** @description Texts keyed by an id of the caller's choosing; each text at most 10,000 characters. */
        TextMap: {
            [key: string]: string;
        };
        /**
         * @description A reference set and a set of texts to match against it. `base_texts` and `compare_to_texts`
         *     together hold at most 200 texts; more gives `400 INVALID_PARAMETER` (checked by the server).
         */
        SimilarityRequest: {
            /** @description Reference set, id to text. Matches name these ids. */
            base_texts: components["schemas"]["TextMap"];
            /** @description Texts to find matches for, id to text. The response is keyed by these ids. */
            compare_to_texts: components["schemas"]["TextMap"];
            /** @description Matches returned per compared text. When omitted, every reference text is returned. */
            top_n?: number;
        };
        /** @description A reference text and its similarity to the compared text. */
        SimilarityMatch: {
            /** @description Key of the matched text in `base_texts`. */
            id: string;
            /** @description Similarity from 0 (unrelated) to 1 (same meaning). */
            similarity: number;
        };
        /**
         * @description One entry per `compare_to_texts` id. Each value lists reference texts ranked by similarity,
         *     highest first, at most `top_n` of them.
         */
        SimilarityResponse: {
            [key: string]: components["schemas"]["SimilarityMatch"][];
        };
        /**
         * @description The texts to embed, 1 to 200 per request (the similarity bound); a single text is still sent
         *     in an array. Each text is at most 10,000 characters, and at least one must be non-empty.
         *
         *     - `texts` missing or not an array: `400 MISSING_REQUIRED_FIELD`.
         *     - An empty array, or only empty or whitespace-only strings: `400 EMPTY_TEXTS`.
         *     - More than 200 texts, a text over 10,000 characters, or an element that is not a string:
         *       `400 INVALID_PARAMETER`.
         */
        EmbeddingTexts: string[];
        /**
         * @description Cut every vector to its first `dimensions` values (then rescale it to unit length unless
         *     `normalize` is false). Only cuts that leave an embedding of the text are allowed: the
         *     encoder's full dimension always; for the built-in joint encoder `use-multi-612` (USE-lite's
         *     512 values joined with the 100 of `static-multi-100d`) also `512`, which is its USE-lite part
         *     alone (the English gloss of the text read by USE-lite). Other encoders are not trained to be
         *     cut (no Matryoshka training), so any other value gives `400 INVALID_PARAMETER` naming the
         *     field and listing the allowed values.
         */
        EmbeddingDimensions: number;
        /**
         * @description How each vector is written: `float` (the default) as a JSON array of numbers, `base64` as the
         *     base64 of its little-endian IEEE 754 float32 values (4 bytes a dimension), about a quarter
         *     of the size on the wire. Decode with `new Float32Array(Buffer.from(s, 'base64').buffer)` on a
         *     little-endian machine, or `numpy.frombuffer(base64.b64decode(s), dtype='<f4')`.
         * @enum {string}
         */
        EncodingFormat: "float" | "base64";
        /** @description Texts to embed with one encoder, and how the vectors are returned. */
        EmbeddingsRequest: {
            texts: components["schemas"]["EmbeddingTexts"];
            /**
             * @description Id of the encoder to embed with: a built-in one (`use-multi-612`, `use-lite-en-512`,
             *     `use-lite-en-512-int8`, `static-multi-100d`, `static-en-100d`) or one the operator pulled
             *     or copied into the models directory (`textclass encoders list`). When omitted, the
             *     server's default encoder (`TEXTCLASS_DEFAULT_ENCODER`, built in: `use-multi-612`). An
             *     encoder this server does not have gives `404 NOT_FOUND` naming `encoder` and listing
             *     the ids it has.
             */
            encoder?: string;
            /**
             * @description Rescale each vector to unit length (L2 norm 1) after `dimensions` cut it; when omitted,
             *     `true`. Every encoder already gives unit-length vectors, so `false` matters only with a
             *     cut: the vector is then returned exactly as cut (for `use-multi-612` cut to 512 its
             *     length is √0.6 ≈ 0.775, the weight of the USE-lite part).
             */
            normalize?: boolean;
            dimensions?: components["schemas"]["EmbeddingDimensions"];
            encoding_format?: components["schemas"]["EncodingFormat"];
        };
        /** @description One vector per text, in the order of `texts`. */
        EmbeddingsResponse: {
            /** @description Id of the encoder that made the vectors. */
            encoder: string;
            /** @description Length of every vector (after a cut by `dimensions`). */
            dimensions: number;
            encoding_format: components["schemas"]["EncodingFormat"];
            /**
             * @description One vector per text, in the order of `texts`: arrays of numbers (`float`) or base64
             *     strings of little-endian float32 values (`base64`). Cosine similarity of two unit-length
             *     vectors is their dot product.
             */
            embeddings: (number[] | string)[];
            /** @description What the request counted. */
            usage: {
                /** @description Non-empty texts embedded; each counts once against the monthly quota. */
                texts: number;
                /**
                 * @description Tokens the encoder's tokenizer made of the texts, special tokens included (a text
                 *     longer than the encoder's input window counts one window; for `use-multi-612` the
                 *     longer of its two parts).
                 */
                tokens: number;
            };
            processing_time_ms: components["schemas"]["ProcessingTime"];
        };
        /** @description OpenAI's embeddings request, as `openai.embeddings.create()` and OpenAI-compatible clients send it. */
        OpenAiEmbeddingsRequest: {
            /**
             * @description Id of the textclass encoder to embed with (`use-multi-612`, `static-multi-100d`, an
             *     imported encoder's id …; `textclass encoders list`), or `default` for the server's
             *     default encoder. OpenAI's own model names are not aliases: an encoder this server does
             *     not have gives `404` with `code: model_not_found`.
             */
            model: string;
            /**
             * @description One text, or an array of 1 to 200 texts; each text at most 10,000 characters, at least
             *     one non-empty. Arrays of token ids (integers, or arrays of integers) are part of
             *     OpenAI's schema, but textclass encoders read text: they are refused with `400`
             *     naming `input`.
             */
            input: string | (string | number | unknown[])[];
            encoding_format?: components["schemas"]["EncodingFormat"];
            dimensions?: components["schemas"]["EmbeddingDimensions"];
            /** @description Accepted for compatibility and ignored. */
            user?: string;
        };
        /** @description OpenAI's embeddings response. */
        OpenAiEmbeddingsResponse: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description One entry per input text, in input order. */
            data: {
                /**
                 * @description Always `embedding`.
                 * @constant
                 */
                object: "embedding";
                /** @description Position of the text in `input`. */
                index: number;
                /**
                 * @description The unit-length vector: numbers (`float`), or the base64 of little-endian float32
                 *     values (`base64`).
                 */
                embedding: number[] | string;
            }[];
            /** @description Id of the encoder that made the vectors (the real id when `default` was asked for). */
            model: string;
            /**
             * @description Tokens the encoder's tokenizer made of the input, special tokens included (see
             *     `createEmbeddings`'s `usage.tokens`); `total_tokens` equals `prompt_tokens`.
             */
            usage: {
                /** @description Tokens of the input. */
                prompt_tokens: number;
                /** @description Equal to `prompt_tokens`. */
                total_tokens: number;
            };
        };
        /**
         * @description OpenAI's error object, which OpenAI's client libraries turn into their error classes
         *     (`BadRequestError`, `AuthenticationError`, `PermissionDeniedError`, `NotFoundError`,
         *     `RateLimitError`, `InternalServerError`). The request id is in the `X-Request-Id` header.
         *
         *     | status | `type` | `code` | when |
         *     |---|---|---|---|
         *     | 400 | `invalid_request_error` | `missing_required_field`, `malformed_json`, `empty_texts`, `invalid_parameter` | the request is invalid; `param` names the field |
         *     | 401 | `invalid_request_error` | `invalid_api_key` | the API key is missing, invalid or revoked |
         *     | 403 | `permission_error` | `forbidden` | the key's role may not embed (needs `member`) |
         *     | 403 | `insufficient_quota` | `quota_exceeded` | the workspace's monthly quota is used up (not retried, unlike OpenAI's 429) |
         *     | 404 | `invalid_request_error` | `model_not_found` (`param: model`) or `not_found` | no encoder with this id, or no such path |
         *     | 405 | `invalid_request_error` | `method_not_allowed` | the path exists but not with this method |
         *     | 413 | `invalid_request_error` | `payload_too_large` | the body is over the byte limit |
         *     | 415 | `invalid_request_error` | `unsupported_media_type` | the body is not `application/json` |
         *     | 429 | `rate_limit_error` | `rate_limit_exceeded` | the workspace's rate limit is spent; see `Retry-After` |
         *     | 500 | `server_error` | `internal_error` | an unexpected failure |
         *     | 503 | `server_error` | `unavailable` | overloaded or not ready; see `Retry-After` |
         */
        OpenAiError: {
            error: {
                /** @description Plain language; names the field at fault. Never contains stack traces or internals. */
                message: string;
                /**
                 * @description The kind of error (see the table above).
                 * @enum {string}
                 */
                type: "invalid_request_error" | "permission_error" | "insufficient_quota" | "rate_limit_error" | "server_error";
                /** @description The request field at fault, when one is. */
                param: string | null;
                /** @description Machine-readable code (see the table above). */
                code: string | null;
            };
        };
        /** @description One model in OpenAI's shape (`openai.models.retrieve()`); here an encoder that `/v1/embeddings` accepts as `model`. */
        OpenAiModel: {
            /**
             * @description What to send as `model` to `/v1/embeddings`: an encoder id (`use-multi-612`,
             *     `static-multi-100d`, an imported encoder's id …), or `default`, the server's default
             *     encoder.
             */
            id: string;
            /**
             * @description Always `model`.
             * @constant
             */
            object: "model";
            /** @description Unix seconds when this server process started. */
            created: number;
            /**
             * @description Always `textclass`.
             * @constant
             */
            owned_by: "textclass";
        };
        /** @description OpenAI's model list (`openai.models.list()`). */
        OpenAiModelList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description `default` first, then every encoder of the server by id. */
            data: components["schemas"]["OpenAiModel"][];
        };
        /**
         * @description Kind of model: `zero-shot` (categories described in plain text, no training data),
         *     `few-shot` (a few labelled examples per label), `fine-tuned` (a classification head trained
         *     on the customer's labelled data) or `llm` (prompt-tuned, answered by a language model).
         * @enum {string}
         */
        ModelType: "zero-shot" | "few-shot" | "fine-tuned" | "llm";
        /**
         * @description `deployed` models serve inference. `archived` models refuse it (`409 MODEL_ARCHIVED`) until
         *     redeployed; `undeployed` models have not been deployed yet (`409 MODEL_NOT_DEPLOYED`).
         * @enum {string}
         */
        ModelStatus: "deployed" | "archived" | "undeployed";
        /** @description A model as listed by `listModels`. */
        ModelSummary: {
            id: components["schemas"]["ModelId"];
            /** @description Display name. */
            name: string;
            type: components["schemas"]["ModelType"];
            status: components["schemas"]["ModelStatus"];
            /** @description Accuracy on the held-out set of the last training or evaluation (`metrics.accuracy` of the model); null when never measured. */
            accuracy?: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last successful training; null if never trained.
             */
            last_trained?: string | null;
        };
        /** @description One page of models. */
        ModelPage: {
            data: components["schemas"]["ModelSummary"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /** @description A label of a new model, with plain-text descriptions and example phrases (what zero-shot models compare texts to). */
        ModelLabel: {
            /** @description Label name, returned in predictions. */
            name: string;
            /**
             * @description Plain-text descriptions of what the label means, e.g. example phrasings. Zero-shot models
             *     embed them (the name itself when none are given); other kinds keep them for reference.
             */
            descriptions?: string[];
            /**
             * @description How much each description counts for a zero-shot model, in the order of `descriptions` (one
             *     weight per description; default 1 each). The label's name always counts as one text of
             *     weight 1.
             */
            description_weights?: number[];
            /**
             * @description Short example phrases of the label ("where is my parcel", "cancel my plan"), each with an
             *     optional weight (default 1). A zero-shot model compares a text with the label's name,
             *     descriptions and phrases together: the nearest counts most, a text close to several of them
             *     scores higher, and a heavier text counts more. Other kinds keep them for reference.
             */
            phrases?: {
                text: string;
                /** @description How much the phrase counts beside the label's other texts (default 1). */
                weight?: number;
            }[];
        };
        /**
         * @description A text with its correct label (`label`), or, for a multi-label model, its correct labels
         *     (`labels`, or `label` when it has one). Exactly one of `label` and `labels`.
         */
        LabelledExample: {
            /** @description The example text. */
            text: string;
            /** @description One of the model's labels. */
            label?: string;
            /** @description Multi-label models only; every label of the text, each one of the model's labels. */
            labels?: string[];
        };
        /**
         * @description How an `llm` model asks its endpoint. The endpoint is one the operator configured on the server
         *     by name (`TEXTCLASS_LLM_ENDPOINTS` or `TEXTCLASS_LLM_URL`); its URL and key never pass through the API.
         */
        LlmSettings: {
            /** @description Name of a configured OpenAI-compatible chat-completions endpoint (`default` for `TEXTCLASS_LLM_URL`). */
            endpoint: string;
            /** @description The task instructions; the label list and the answer format are appended by the server. */
            prompt: string;
            /** @description Sampling temperature (default 0). */
            temperature?: number;
        };
        /** @description A new model of any kind; it starts `undeployed`. */
        CreateModelRequest: {
            /** @description Display name, unique in the workspace. */
            name: string;
            type: components["schemas"]["ModelType"];
            /** @description The label set, each with optional plain-text descriptions. */
            labels: components["schemas"]["ModelLabel"][];
            /** @description Confidence below which a prediction is flagged for review (default 0). */
            confidence_threshold?: number;
            /**
             * @description Cut-off per label (label name → confidence in [0, 1]): a text whose top label is that
             *     label is decided automatically at or above it, otherwise it needs review (dataset records
             *     get `needs_review`). A label set here keeps its cut-off; the others take the cut-off a
             *     training fits to `target_precision`, else `confidence_threshold`. A cut-off of 1 never
             *     decides. Names must be labels of the model.
             */
            label_thresholds?: {
                [key: string]: number;
            };
            /**
             * @description Few-shot and fine-tuned models: every training fits a cut-off per label so that the texts
             *     it decides automatically are right this often (measured on out-of-fold predictions of the
             *     training examples; see `metrics.cutoffs`). A training may name its own.
             */
            target_precision?: number;
            /** @description Id of a loaded encoder (default the server's default encoder). */
            encoder?: string;
            /**
             * @description Labelled examples for `few-shot` and `fine-tuned` models. A few-shot model starts training
             *     as soon as every label has an example.
             */
            examples?: components["schemas"]["LabelledExample"][];
            llm?: components["schemas"]["LlmSettings"];
            /**
             * @description A multi-label model (default false; fixed at creation): an example may carry several labels (`labels`),
             *     every label gets an independent score in [0, 1] (a sigmoid; the scores need not sum to 1)
             *     and its own cut-off (`multi_label_cutoffs`). For `fine-tuned`, `few-shot` and `zero-shot`
             *     models; an `llm` model with `multi_label: true` is refused with `400 INVALID_PARAMETER`.
             */
            multi_label?: boolean;
        };
        /** @description Evaluation metrics of one label. */
        ClassMetrics: {
            precision: number;
            recall: number;
            f1: number;
            /** @description Evaluation examples of this label. */
            support?: number;
        };
        /**
         * @description One label's cut-off fitted at training to the target precision, on out-of-fold predictions of
         *     the training examples (each scored by a head that did not learn it).
         */
        LabelCutoff: {
            /**
             * @description Texts whose top label is this label are decided at or above this confidence. 1 means the
             *     label is never decided automatically (see `target_met`).
             */
            threshold: number;
            /** @description Precision of the out-of-fold texts the cut-off decides; null when it decides none. */
            expected_precision: number | null;
            /** @description Share of the out-of-fold texts predicted as this label that the cut-off decides. */
            coverage: number;
            /** @description Out-of-fold texts predicted as this label (what the cut-off was fitted on). */
            predicted: number;
            /**
             * @description False when neither this label's out-of-fold texts nor all labels' together reach the target
             *     precision at any cut-off; its threshold is then 1. A label's cut-off is the lower of the two
             *     (see docs/models.md), so a label with few texts of its own may be decided at the cut-off of
             *     all labels, and its own `expected_precision` may then be under the target or null.
             */
            target_met: boolean;
        };
        /**
         * @description How a trained model's confidences were calibrated, and how well. Training fits a softmax
         *     temperature T on the out-of-fold predictions of the chosen recipe (k-fold cross-validation on the
         *     examples) by minimising their negative log-likelihood; the served head returns softmax(logits / T),
         *     folded into its last layer. The expected calibration error (ECE) is measured on the top confidence
         *     in 10 equal-width bins, before (T = 1) and after, on the held-out examples (else, when none were held
         *     out, on the out-of-fold predictions). Absent when the model could not be calibrated (a label with
         *     fewer than 2 examples) and on models trained before calibration existed. A single-label zero-shot
         *     model is calibrated when it is evaluated on a labelled set (`evaluateModel`): its scoring rule and
         *     T are fitted on every text of the set (`fitted_on: evaluation-set`), `ece_before` is of the
         *     confidences it served before, and `ece_after` and the table are measured out of fold (`folds`:
         *     each fold scored by the rule and T fitted on the other folds) from 15 texts up, else on the set
         *     itself (`measured_on: evaluation-set`).
         */
        ModelCalibration: {
            /**
             * @description Temperature scaling.
             * @enum {string}
             */
            method: "temperature";
            /** @description The fitted temperature T (above 1 softens over-confident scores, below 1 sharpens timid ones). */
            temperature: number;
            /**
             * @description What T was fitted on.
             * @enum {string}
             */
            fitted_on: "out-of-fold" | "evaluation-set";
            /**
             * @description What the ECE and the reliability table were measured on.
             * @enum {string}
             */
            measured_on: "held-out" | "out-of-fold" | "evaluation-set";
            /** @description Predictions measured. */
            examples: number;
            /**
             * @description Zero-shot models calibrated on an evaluation set and measured out of fold: the number of folds
             *     of the cross-fitting. Absent otherwise.
             */
            folds?: number;
            /** @description Expected calibration error of the uncalibrated confidences (null without predictions). */
            ece_before: number | null;
            /** @description Expected calibration error of the served, calibrated confidences. */
            ece_after: number | null;
            /**
             * @description The ECE a perfectly calibrated model would show by chance on as many predictions with these
             *     confidences (the mean over 400 simulated labellings in which each top label is right with
             *     exactly its confidence). ECE measured on a few hundred texts cannot be told apart from a
             *     perfect calibration when `ece_after` is near it: about 0.07 on 100 predictions, 0.045 on 300.
             *     Absent on versions trained before it was reported.
             */
            ece_noise_floor?: number | null;
            /**
             * @description Zero-shot models calibrated on labelled texts: the scoring rule the model serves, chosen on those
             *     texts. `pooled` scores a label by a weighted log-sum-exp of the similarities to its texts (name,
             *     descriptions, phrases); `mean` by the cosine to the weighted mean direction of its texts. Each
             *     rule's temperature is fitted on the texts and the rule with the lower mean negative log-likelihood
             *     wins (a tie keeps `pooled`). Absent on other kinds, and when fewer than 12 texts or 2 labels were
             *     labelled (the model then serves `pooled`).
             * @example {
             *       "chosen": "mean",
             *       "nll_pooled": 0.5123,
             *       "nll_mean": 0.4311,
             *       "examples": 24
             *     }
             */
            zero_shot_scoring?: {
                /**
                 * @description The scoring rule the model serves.
                 * @enum {string}
                 */
                chosen: "pooled" | "mean";
                /** @description Mean negative log-likelihood of the labelled texts under `pooled`, after its temperature fit. */
                nll_pooled: number;
                /** @description Mean negative log-likelihood of the labelled texts under `mean`, after its temperature fit. */
                nll_mean: number;
                /** @description Labelled texts the rules were compared on. */
                examples: number;
            };
            /** @description The 10 bins of the calibrated top confidence, from [0, 0.1] to (0.9, 1]. */
            reliability: {
                lower: number;
                upper: number;
                count: number;
                /** @description Mean top confidence of the bin's predictions (null when empty). */
                mean_confidence: number | null;
                /** @description Share of the bin's predictions that were right (null when empty). */
                accuracy: number | null;
            }[];
        };
        /**
         * @description Accuracy metrics measured on a held-out labelled set. Always present: a model never
         *     evaluated has `accuracy: null`, `f1_macro: null` and `per_class: {}`. After a training they
         *     are those of the chosen recipe trained on the training part, scored on the held-out part; the
         *     served head is the same recipe fitted on every example, so they are a conservative estimate of
         *     it. `calibration` reports how its confidences were calibrated.
         */
        ModelMetrics: {
            /** @description Share of correctly classified evaluation examples, or null when not evaluated. */
            accuracy: number | null;
            /**
             * @description Unweighted mean of the per-label F1 scores over the labels present in the evaluated set's
             *     gold labels or in the predictions (as scikit-learn's `f1_score(average='macro')`): a label
             *     that occurs in neither has no F1 and does not count as 0. Null when not evaluated.
             */
            f1_macro: number | null;
            /** @description Metrics keyed by label name. */
            per_class: {
                [key: string]: components["schemas"]["ClassMetrics"];
            };
            /**
             * @description Counts of evaluation examples by gold label (rows) and predicted label (columns), both in
             *     the order of `labels`. Present once measured by a training or an evaluation.
             */
            confusion_matrix?: number[][];
            /** @description Number of labelled examples the metrics were measured on. */
            evaluated_on?: number;
            /**
             * @description Zero-shot models' evaluations: where `accuracy`, `f1_macro`, `per_class` and the confusion
             *     matrix were measured. An evaluation that fits something on the set (a single-label model's
             *     scoring rule and temperature from 12 texts, a multi-label model's cut-offs from 6) would read
             *     optimistic scored by that fit on the same texts, so from 15 texts (single-label) or 6
             *     (multi-label) each text is predicted by what was fitted on the other folds (`out-of-fold`,
             *     `folds`), as the calibration's ECE is; a single-label fit on 12 to 14 texts is scored on the
             *     set itself (`evaluation-set`), and so is an evaluation that fitted nothing (the served
             *     version's own predictions). Absent on other kinds' metrics.
             * @enum {string}
             */
            measured_on?: "out-of-fold" | "evaluation-set";
            /** @description With `measured_on` `out-of-fold`, the number of folds of the cross-fitting. */
            folds?: number;
            /**
             * @description Present after a training with a `target_precision`: the cut-off fitted per label, keyed by
             *     label name. An evaluation keeps them (it measures the version; it does not refit them).
             */
            cutoffs?: {
                [key: string]: components["schemas"]["LabelCutoff"];
            };
            /** @description What the fitted `cutoffs` decide over every out-of-fold text together. */
            cutoff_summary?: {
                /** @description The precision the cut-offs were fitted to. */
                target_precision: number;
                /** @description Precision of all the out-of-fold texts decided; null when none is. */
                expected_precision: number | null;
                /** @description Share of the out-of-fold texts decided automatically. */
                coverage: number;
                /** @description Out-of-fold texts the cut-offs were fitted on. */
                evaluated_on: number;
            };
            /**
             * @description Multi-label models only: F1 over every (example, label) decision pooled. For a multi-label
             *     model `accuracy` is the subset accuracy, `f1_macro` the mean of the per-label F1 and
             *     `per_class` each label's precision, recall and F1 as a yes/no decision at its cut-off.
             */
            f1_micro?: number | null;
            /**
             * @description Multi-label models only: share of evaluation examples whose predicted label set (every
             *     label at or above its cut-off) is exactly the gold set; the same number as `accuracy`.
             */
            subset_accuracy?: number | null;
            /** @description Multi-label models only, share of (example, label) decisions that are wrong. */
            hamming_loss?: number | null;
            calibration?: components["schemas"]["ModelCalibration"];
            /**
             * @description Single-label zero-shot models evaluated on fewer than 12 labelled texts or 2 labels: nothing
             *     was calibrated on the set, the version keeps the scoring rule and scale it served (and their
             *     `calibration`, if an earlier set calibrated it), and this says why. Also on a zero-shot
             *     version made by new label texts (`updateModel`) from a calibrated one: the rule, scale (and a
             *     multi-label model's cut-offs) fitted for the old texts were never measured on the new ones, so
             *     the new version serves the defaults until it is evaluated, and this says so (`examples: 0`).
             *     Absent otherwise.
             * @example {
             *       "reason": "a zero-shot model's scoring rule and temperature are fitted on at least 12 labelled texts of at least 2 labels; this set has 5 texts of 2 labels, so the version keeps the scoring and scale it served",
             *       "examples": 5,
             *       "labels": 2
             *     }
             */
            calibration_not_fitted?: {
                /** @description Why nothing was fitted, with the counts. */
                reason: string;
                /** @description Labelled texts of the evaluation set. */
                examples: number;
                /** @description Distinct labels among them. */
                labels: number;
            };
        };
        /** @description How to train. Every field is optional; defaults are shown. */
        TrainingOptions: {
            /**
             * @description Which head recipes stratified 5-fold cross-validation on the examples chooses from (the
             *     lowest out-of-fold log-loss after temperature scaling wins, except that the MLP must beat the
             *     best logistic regression by more than one standard error of their per-example difference;
             *     the winner is then fitted on every example):
             *     `auto` (default) tries full-batch L2 logistic regression at five L2 strengths and, once every
             *     label has about 63 examples (enough for the MLP's early-stopping slice in every fold), an MLP
             *     (one hidden layer of 32 units, at most 100 epochs); `linear` only the logistic regressions;
             *     `mlp` only the MLP (one hidden layer of 64 units, mini-batch Adam with early stopping, at most
             *     `max_epochs`). The chosen recipe and every candidate's scores are
             *     stored in the version's `config.head` (`recipe`, `l2`, `temperature`, `cv`; an MLP candidate's
             *     `standard_error_vs_logistic` is the margin it had to beat).
             * @enum {string}
             */
            architecture?: "auto" | "linear" | "mlp";
            /**
             * @description What a fine-tuned head reads (few-shot and multi-label heads read the text alone): `text`, the
             *     text's embedding; `text+clauses`, that embedding beside the embeddings of its opening clause
             *     and of the rest, split at the first comma, semicolon or colon (Latin or CJK; not a decimal
             *     comma as in 1,5, the colon of a time as in 8:30 or of a URL's "://"), so that the head can weigh "Great," against "the train is cancelled again"; a text
             *     without a break repeats its own. `auto` (default) cross-validates the logistic regressions on
             *     both and serves the feature set whose best one has the lower out-of-fold log-loss (an MLP
             *     candidate is then cross-validated on that set only). A `text+clauses`
             *     head embeds up to two more texts per text it classifies. The version's `config.head` records
             *     `features` and, under `auto`, each set's best logistic regression's log-loss (`cv.features`).
             * @enum {string}
             */
            features?: "auto" | "text" | "text+clauses";
            /** @description Share of the examples held out, per label, for the evaluation (default 0.2). The split is fixed by `seed`. */
            holdout_fraction?: number;
            /** @description Upper bound on the MLP's training epochs; it stops earlier when the validation loss stops improving (default 200). */
            max_epochs?: number;
            /** @description Seed of the split and the initialisation; the same data and seed train the same head (default 1). */
            seed?: number;
            /** @description Deploy the new version as soon as it is trained (default false). */
            deploy?: boolean;
            /**
             * @description Fit a cut-off per label to this precision (default: the model's `target_precision`; none
             *     when the model has none). The new version keeps it as its `target_precision` and the
             *     fitted cut-offs in `metrics.cutoffs`.
             */
            target_precision?: number;
        };
        /** @description A training run in the background, with its progress; a successful run makes a new model version. */
        TrainingJob: {
            /** @description Training job id. */
            id: string;
            model_id: components["schemas"]["ModelId"];
            /**
             * @description `queued` → `running` → `succeeded` or `failed`.
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed";
            /** @description What the run is doing (`queued`, `embedding`, `training`, `evaluating`, `saving`, `done`, `failed`). */
            stage: string;
            /** @description Share of the work done. */
            progress: number;
            /**
             * @description Fits completed so far: a fine-tuned training fits every candidate recipe on each
             *     cross-validation fold, then the chosen one on the training part and on every example.
             */
            epoch: number | null;
            /** @description Fits in all (see `epoch`). */
            max_epochs: number | null;
            /** @description Training objective of the last fit (or of the MLP's last epoch while it trains). */
            loss: number | null;
            /** @description The model version this run made (once `succeeded`). */
            version: number | null;
            /** @description Why the run failed. */
            error: string | null;
            options: components["schemas"]["TrainingOptions"];
            /**
             * Format: date-time
             * @description When the job was queued.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the run started.
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @description When the run ended.
             */
            finished_at: string | null;
        };
        /** @description A model of the workspace with its labels, status and accuracy metrics. */
        Model: {
            /** @description Model id, used in paths and in `model_id` fields. */
            id: components["schemas"]["ModelId"];
            /** @description Display name. */
            name: string;
            /** @description What the model is for, as set with `updateModel`; null when none was set. */
            description?: string | null;
            type: components["schemas"]["ModelType"];
            status: components["schemas"]["ModelStatus"];
            /** @description Label set of the model, in the language in which the labels were defined. */
            labels: string[];
            metrics: components["schemas"]["ModelMetrics"];
            /**
             * @description Number of labelled examples the model was trained or calibrated on (0 if none). For few-shot
             *     and fine-tuned models, every labelled example, the held-out ones included: the served head is
             *     refit on all of them after the held-out evaluation that `metrics` report.
             */
            training_examples: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last training (for a zero-shot model, of the last calibration
             *     of its label descriptions); null if it never happened.
             */
            last_trained: string | null;
            /**
             * @description Per-model confidence cutoff between 0 and 1, set with the model. Inference still returns
             *     scores below it; callers use it to decide whether a prediction is confident enough. Labels
             *     without a cut-off of their own use it (see `label_thresholds`).
             */
            confidence_threshold: number;
            /**
             * @description The effective cut-off of every label: the one set with the model (`label_thresholds` of
             *     `createModel`), else the one its served version's training fitted to `target_precision`
             *     (`metrics.cutoffs`), else `confidence_threshold`. Inference reports per text whether the
             *     top label clears its cut-off (`decisions`); dataset records under it get `needs_review`.
             */
            label_thresholds: {
                [key: string]: number;
            };
            /** @description The precision the cut-offs are fitted to at training, or null when none is set. */
            target_precision: number | null;
            /**
             * @description The version the model serves when deployed (see `listModelVersions`); null for a few-shot
             *     or fine-tuned model that was never trained.
             */
            version: number | null;
            /**
             * @description The version served before the last deploy (also when that deploy redeployed an archived
             *     model with another version), which `rollbackModel` returns to; null if none.
             */
            previous_version: number | null;
            /**
             * @description Only in the answer of `createModel`: the first training that the inline `examples` of a
             *     few-shot model queued (follow it with `getTrainingJob`), or null when none was queued.
             */
            training_job?: components["schemas"]["TrainingJob"] | null;
            /** @description Id of the encoder that embeds the model's texts. */
            encoder: string;
            /**
             * @description Whether the model is multi-label (set at creation, never changed): its inference scores are
             *     independent per label (they need not sum to 1), and a record gets every label whose score
             *     reaches that label's cut-off (`multi_label_cutoffs`).
             */
            multi_label?: boolean;
            /**
             * @description Multi-label models only: label → the score a text needs for that label. A training fits
             *     each label's cut-off to maximise its F1 on 3-fold out-of-fold scores of the training part
             *     (a label it cannot fit, with no positive or negative example there, keeps 0.5). A zero-shot
             *     model starts at 0.5 for every label; evaluating it on a labelled set (`evaluateModel`) fits
             *     each label's cut-off on that set the same way.
             */
            multi_label_cutoffs?: {
                [key: string]: number;
            };
        };
        /**
         * @description Changes to a model's settings; fields not sent keep their value. The kind, the encoder, the
         *     label set and `multi_label` are fixed at creation: any field not listed here is
         *     `400 INVALID_PARAMETER` naming it.
         */
        UpdateModelRequest: {
            /** @description A new display name; one another model of the workspace has gives `409 CONFLICT`. */
            name?: string;
            /** @description What the model is for, in plain text (null clears it). */
            description?: string | null;
            /** @description The model's confidence cut-off (labels without their own cut-off use it). */
            confidence_threshold?: number;
            /**
             * @description Replaces the cut-offs set per label (label → confidence in [0, 1]); labels left out use the
             *     fitted cut-off or `confidence_threshold`. `{}` or null removes every set cut-off.
             */
            label_thresholds?: {
                [key: string]: number;
            } | null;
            /**
             * @description Few-shot and fine-tuned models: the precision the next training fits the cut-offs to
             *     (null: none). The served version keeps the cut-offs it was trained with until it retrains.
             */
            target_precision?: number | null;
            /**
             * @description Zero-shot models only: new descriptions, description weights and phrases of the labels named
             *     (by `name`, which must be one of the model's labels; a label left out keeps its texts). Fields
             *     of a label not sent are cleared. The model gets a new version with these labels and serves it
             *     at once (its status does not change; `rollbackModel` returns to the old texts); the new
             *     version's metrics start empty, since the texts changed its answers.
             */
            labels?: components["schemas"]["ModelLabel"][];
        };
        /** @description Value of one dataset column: text and timestamps (ISO 8601) as strings, numbers as numbers, or null. */
        CellValue: string | number | null;
        /**
         * @description One row: column name to value. Each value must fit its column's type: a string for `text`
         *     (at most 10,000 characters), an ISO 8601 string for `timestamp`, a number for `number`, or
         *     null (`400 INVALID_PARAMETER` otherwise). Values are kept exactly as sent. Keys that are not
         *     columns of the dataset are ignored; columns missing from the row are set to null.
         */
        DatasetRow: {
            [key: string]: components["schemas"]["CellValue"];
        };
        /** @description Rows to add to a dataset, 1 to 8 per request. */
        DatasetItemsRequest: {
            /** @description The rows, stored in one transaction (all or none). */
            rows: components["schemas"]["DatasetRow"][];
        };
        /** @description Acknowledges that every row was stored. */
        DatasetItemsResponse: {
            /**
             * @description Always `success` on a 200 answer.
             * @enum {string}
             */
            status: "success";
        };
        /** @description Public key of a dataset, `ds_<id>`. */
        DatasetKey: string;
        /** @description Column name; a letter or underscore, then up to 62 letters, digits or underscores. */
        ColumnName: string;
        /**
         * @description `text` and `timestamp` values are strings (timestamps ISO 8601), `number` values numbers.
         * @enum {string}
         */
        ColumnType: "text" | "number" | "timestamp";
        /** @description One column of a dataset. */
        DatasetColumn: {
            name: components["schemas"]["ColumnName"];
            type: components["schemas"]["ColumnType"];
        };
        /**
         * @description `ready` accepts writes; `processing` refuses them with `409 DATASET_PROCESSING` until it is ready again.
         * @enum {string}
         */
        DatasetStatus: "ready" | "processing";
        /** @description A dataset with its columns, the models that classify its rows, and its state. */
        Dataset: {
            /** @description Integer id, used by `addDatasetItems`. */
            id: number;
            /** @description Public key `ds_<id>`, used by the `/v2/datasets/{dataset_id}` endpoints and in webhooks. */
            key: components["schemas"]["DatasetKey"];
            /** @description Display name. */
            name: string;
            columns: components["schemas"]["DatasetColumn"][];
            /** @description Name of the column whose value the models classify. */
            text_column: components["schemas"]["ColumnName"];
            /** @description Models that classify each new row; may be empty. */
            model_ids: components["schemas"]["ModelId"][];
            status: components["schemas"]["DatasetStatus"];
            /** @description Number of rows stored. */
            row_count: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC creation time.
             */
            created_at: string;
        };
        /** @description One page of datasets. */
        DatasetPage: {
            data: components["schemas"]["Dataset"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /**
         * @description A new dataset. Column names must be distinct, `text_column` must name one of the columns of
         *     type `text`, and every id in `model_ids` must be a model of the workspace; otherwise
         *     `400 INVALID_PARAMETER`.
         */
        CreateDatasetRequest: {
            /** @description Display name, 1 to 200 characters. */
            name: string;
            /** @description The columns, 1 to 100. */
            columns: components["schemas"]["DatasetColumn"][];
            /** @description Name of the `text` column whose value the dataset's models classify. */
            text_column: components["schemas"]["ColumnName"];
            /** @description Models that classify each new row. When omitted, rows are stored but not classified. */
            model_ids?: components["schemas"]["ModelId"][];
        };
        /** @description Source metadata of a record, string values only (for example `queue`, `product`). */
        Metadata: {
            [key: string]: string;
        };
        /** @description The top label that one model gave a record. */
        Classification: {
            /** @description Label name, in the language in which it was defined. */
            label: string;
            /** @description Confidence between 0 and 1. */
            confidence: number;
            /**
             * @description Multi-label models only: every label whose score reaches its cut-off
             *     (`multi_label_cutoffs`), highest score first; may be empty. `label` and `confidence` stay
             *     the top-scoring label.
             */
            labels?: string[];
        };
        /** @description One entry per model that classified the record, keyed by the model id as a string (`"1"`). */
        Classifications: {
            [key: string]: components["schemas"]["Classification"];
        };
        /** @description One stored row of a dataset and, once classified, what each model said. */
        Record: {
            /** @description Record identifier (the `row_id` of its webhook event). */
            id: string;
            /** @description Key `ds_<id>` of the dataset the record belongs to. */
            dataset_id: components["schemas"]["DatasetKey"];
            /** @description The row by column, every column present (null where no value was sent). */
            values: {
                [key: string]: components["schemas"]["CellValue"];
            };
            metadata: components["schemas"]["Metadata"];
            /**
             * @description Null until the dataset's models have classified the record (and for a dataset without
             *     models). Then one entry per deployed model: its top label and confidence, also when the
             *     confidence is below the model's threshold (see `needs_review`).
             */
            classifications: components["schemas"]["Classifications"] | null;
            /**
             * @description Ids (as strings) of the models whose top confidence for this record is below the model's
             *     `confidence_threshold`. The label is still in `classifications`; empty when none is below
             *     (and until the record is classified).
             */
            needs_review: string[];
            /**
             * @description Models of the dataset that did not classify the record, by id, with the reason (for example
             *     `model 3 is archived`, or a record without text). Empty when every model classified it.
             */
            skipped_models: {
                [key: string]: string;
            };
            /**
             * @description Models of the dataset that failed on this record, by id, with the reason: the model threw an
             *     error on the record's text alone, again when it was retried by itself, so retrying would
             *     not help. The rest of the record's batch was classified and delivered as usual; the
             *     record's other models are in `classifications`. Such a model sends nothing for the
             *     record: a record no model classified sends no `classification.completed` event.
             *     Empty when no model failed (the server always sends it; older servers did not).
             */
            failed_models?: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the record was stored.
             */
            created_at: string;
        };
        /** @description One page of records, oldest first. */
        RecordPage: {
            data: components["schemas"]["Record"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /**
         * @description One record. The text to classify is required: send it as `text` (it fills the dataset's
         *     `text_column`) or under the name of the text column itself; a record without a non-empty
         *     text gives `400 MISSING_REQUIRED_FIELD`. Any other field that names a column fills that
         *     column and must fit its type (`400 INVALID_PARAMETER` otherwise). Any other string field is
         *     kept as record metadata; other fields that name no column are ignored.
         */
        RecordRequest: {
            /** @description The text to classify, at most 10,000 characters; stored in the dataset's `text_column`. */
            text?: string;
            /** @description Id of the agent who handled the conversation; a column value if the dataset has an `agent_id` column, metadata otherwise. */
            agent_id?: string;
        } & {
            [key: string]: components["schemas"]["CellValue"];
        };
        /** @description The first problem that failed an upload. */
        UploadError: {
            /**
             * @description 1-based line number in the file (the CSV header is line 1) where the rejected row begins;
             *     null when the failure is not about one line (for example the server stopped).
             */
            line: number | null;
            /** @description Plain-language reason naming the column at fault, e.g. `column "score": expected a number, got "n/a"`. */
            message: string;
        };
        /**
         * @description A file upload into a dataset and how far its ingestion has come. An upload is all-or-nothing:
         *     while it is `processing` none of its rows is visible; `completed` means every row is stored
         *     (`rows_stored` equals `rows_received`); `failed` means none is (`rows_stored` 0) and `error`
         *     says why.
         */
        Upload: {
            /** @description Upload id `up_<n>`, used by `getDatasetUpload`. */
            id: string;
            /** @description Public key `ds_<id>` of the dataset the rows go into. */
            dataset_id: components["schemas"]["DatasetKey"];
            /**
             * @description `processing` while the body is received and its rows checked and staged; `completed` once
             *     every row is stored; `failed` when a line was rejected or ingestion stopped, and then no row
             *     of the upload is stored.
             * @enum {string}
             */
            status: "processing" | "completed" | "failed";
            /** @description Rows read and checked so far (the header line of a CSV file is not a row). */
            rows_received: number;
            /** @description Rows stored in the dataset; 0 until the upload is `completed`, then all of them. */
            rows_stored: number;
            /** @description Bytes of the body received (after gzip decoding when `Content-Encoding` is `gzip`). */
            bytes_received: number;
            /** @description Why the upload failed; null unless `status` is `failed`. */
            error: components["schemas"]["UploadError"] | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the upload began.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the upload completed or failed; null while `processing`.
             */
            completed_at: string | null;
        };
        /** @description One page of uploads, newest first. */
        UploadPage: {
            data: components["schemas"]["Upload"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /**
         * @description Classified texts (each text times each model) and embedded texts counted in the workspace's
         *     current billing period, the quota, and when the period resets.
         */
        Usage: {
            /** @description Classified and embedded texts counted in this period. */
            used: number;
            /** @description The monthly quota of the workspace's plan; null means unlimited. */
            limit: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC start of the period, 00:00 UTC on the billing-cycle day.
             */
            period_start: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC end of the period, when `used` starts again from 0.
             */
            resets_at: string;
        };
        /** @description Integer id of an API key, as returned by `listApiKeys` (`id`). */
        ApiKeyId: number;
        /**
         * @description What an API key may do. `reader`: list and read models and datasets, and read the usage.
         *     `member`: `reader` plus inference, similarity and writing dataset rows and records.
         *     `admin`: `member` plus creating datasets and managing the workspace's API keys.
         * @enum {string}
         */
        Role: "reader" | "member" | "admin";
        /**
         * @description An API key as the workspace sees it: recognisable by its prefix and last four characters,
         *     never the key itself (only its SHA-256 hash is stored).
         */
        ApiKey: {
            id: components["schemas"]["ApiKeyId"];
            /** @description Label to recognise the key by. */
            name: string;
            role: components["schemas"]["Role"];
            /** @description The first characters of the key (`tc_` and 8 more). */
            prefix: string;
            /** @description The last four characters of the key. */
            last_four: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last authenticated request (to the minute); null if never used.
             */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of revocation; null while the key is active. A revoked key gets 401.
             */
            revoked_at: string | null;
        };
        /**
         * @description The API key that made the request and its workspace: what a client (the console, say) needs
         *     to know what the key may do (its role) and which limits apply to it.
         */
        CurrentKey: {
            key: components["schemas"]["ApiKey"];
            workspace: {
                /** @description The workspace's id. */
                id: number;
                /** @description The workspace's name. */
                name: string;
                /**
                 * @description The workspace's plan.
                 * @enum {string}
                 */
                plan: "starter" | "growth" | "enterprise";
                /** @description Requests per minute the workspace may make (its own limit, else its plan's). */
                rate_limit_per_minute: number;
                /** @description Classified texts per billing period; null when unlimited. */
                monthly_quota: number | null;
            };
        };
        /** @description One page of API keys. */
        ApiKeyPage: {
            data: components["schemas"]["ApiKey"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /** @description A new API key of the workspace. */
        CreateApiKeyRequest: {
            /** @description Label to recognise the key by, 1 to 200 characters. */
            name: string;
            role: components["schemas"]["Role"];
        };
        /**
         * @description A new API key: the key object plus the full secret `key`, shown in this response only. Store
         *     it now; it cannot be read again.
         */
        CreatedApiKey: {
            id: components["schemas"]["ApiKeyId"];
            /** @description Label to recognise the key by. */
            name: string;
            role: components["schemas"]["Role"];
            /** @description The first characters of the key (`tc_` and 8 more). */
            prefix: string;
            /** @description The last four characters of the key. */
            last_four: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC creation time.
             */
            created_at: string;
            /** @description Always null for a new key. */
            last_used_at: null;
            /** @description Always null for a new key. */
            revoked_at: null;
            /** @description The full API key, to send as `Authorization: Bearer <key>`. Shown once. */
            key: string;
        };
        /** @description Integer id of a webhook endpoint, as returned by `createWebhook` (`id`). */
        WebhookEndpointId: number;
        /**
         * @description An event a webhook endpoint can subscribe to (see the `classification.completed` webhook).
         * @enum {string}
         */
        WebhookEventType: "classification.completed";
        /** @description A URL of the workspace that receives events, signed with its secret (never shown here). */
        WebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /**
             * Format: uri
             * @description Where events are POSTed.
             */
            url: string;
            /** @description The events delivered to this endpoint. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description False while deliveries to the endpoint are paused (by an admin, or after the receiver answered `410`). */
            enabled: boolean;
            /** @description Why the service disabled the endpoint (for example a `410` answer); null otherwise. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last change.
             */
            updated_at: string;
        };
        /** @description One page of webhook endpoints. */
        WebhookEndpointPage: {
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /** @description A new webhook endpoint. */
        CreateWebhookRequest: {
            /**
             * Format: uri
             * @description An `http` or `https` URL whose host resolves to public addresses (unless the operator allows private ones).
             */
            url: string;
            /** @description Events to deliver. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Whether deliveries start at once; true when not sent. */
            enabled?: boolean;
        };
        /** @description A webhook endpoint plus its signing secret, shown in this response only. Store it now; it cannot be read again. */
        CreatedWebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /**
             * Format: uri
             * @description Where events are POSTed.
             */
            url: string;
            /** @description The events delivered to this endpoint. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description False while deliveries to the endpoint are paused (by an admin, or after the receiver answered `410`). */
            enabled: boolean;
            /** @description Why the service disabled the endpoint (for example a `410` answer); null otherwise. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last change.
             */
            updated_at: string;
            /** @description The Standard Webhooks signing secret `whsec_<base64>`, shown once. */
            secret: string;
        };
        /**
         * @description The remote system: `zendesk` (Support API), `freshdesk`, `servicenow` (Table API, `incident`) or `hubspot`
         *     (CRM tickets).
         * @enum {string}
         */
        ConnectorType: "zendesk" | "freshdesk" | "servicenow" | "hubspot";
        /** @description The connector's write-back settings (see `ConnectorWriteBack`). */
        ConnectorWriteBackSettings: {
            enabled: boolean;
            model_ids: components["schemas"]["ModelId"][];
            /** @enum {string} */
            mode: "tags" | "field" | "note";
            field: string | null;
        };
        /** @description A connector that pulls tickets from a remote system into a dataset and writes labels back. */
        Connector: {
            id: number;
            type: components["schemas"]["ConnectorType"];
            name: string;
            /** @description The account's base URL. */
            base_url: string;
            /** @description True when credentials are stored (they are never returned). */
            credentials_set: boolean;
            /** @description The dataset the tickets are stored in (its integer id). */
            dataset_id: number;
            field_mapping: {
                columns: {
                    [key: string]: string;
                };
                metadata: {
                    [key: string]: string;
                };
            };
            /** @description Seconds between scheduled syncs. */
            interval_seconds: number;
            write_back: components["schemas"]["ConnectorWriteBackSettings"];
            /** @description False stops scheduled syncs. */
            enabled: boolean;
            /**
             * @description `running` while a sync holds it; `error` when the remote refused the credentials (401/403) or they cannot be
             *     opened: scheduled syncs stop until the credentials or the base URL change or a sync is requested.
             * @enum {string}
             */
            status: "idle" | "running" | "error";
            /** @description The remote's message when `status` is `error`; otherwise null. */
            status_message: string | null;
            /** Format: date-time */
            next_run_at: string;
            /** Format: date-time */
            last_run_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description One page of connectors. */
        ConnectorPage: {
            data: components["schemas"]["Connector"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /**
         * @description The account's credentials, by the names the system uses: `zendesk` needs `email` and `api_token`,
         *     `freshdesk` `api_key`, `servicenow` `username` and `password`, `hubspot` `access_token`. Encrypted at rest
         *     (AES-256-GCM under the operator's `TEXTCLASS_CONNECTOR_KEY`) and never returned.
         */
        ConnectorCredentials: {
            [key: string]: string;
        };
        /**
         * @description Which remote ticket fields fill which dataset columns and metadata keys. Fields are named as the connector
         *     flattens them: nested objects as dotted paths (`custom_fields.priority`). The dataset's text column must be
         *     mapped; a field a ticket lacks stores `null` (a column) or nothing (metadata).
         */
        ConnectorFieldMapping: {
            /** @description Dataset column → remote field. Every key must be a column of the target dataset. */
            columns: {
                [key: string]: string;
            };
            /** @description Metadata key → remote field (stored as text in the record's metadata). */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description Writing labels back onto the remote tickets. A model's labels are written only when its top label clears
         *     its cut-off (the record does not need review for that model); a multi-label model writes every label that
         *     clears its own cut-off. `tags`: the labels as tags; `field`: the top label into a custom field or property
         *     (`field`); `note`: an internal note (private comment, work note). Each write is made once per ticket
         *     version and model version, also across retries and restarts.
         */
        ConnectorWriteBack: {
            /** @description Write labels back (false when not sent at creation). */
            enabled?: boolean;
            /** @description Models of the target dataset whose labels are written back. */
            model_ids?: components["schemas"]["ModelId"][];
            /**
             * @description How the labels are written (`tags` when not sent at creation).
             * @enum {string}
             */
            mode?: "tags" | "field" | "note";
            /** @description The custom field or property written in mode `field`. */
            field?: string | null;
        };
        /** @description A new connector. */
        CreateConnectorRequest: {
            type: components["schemas"]["ConnectorType"];
            name: string;
            /**
             * @description The account's base URL (`https://acme.zendesk.com`, `https://acme.freshdesk.com`,
             *     `https://acme.service-now.com`, `https://api.hubapi.com`); checked as webhook URLs are.
             */
            base_url: string;
            credentials: components["schemas"]["ConnectorCredentials"];
            /** @description The integer id of the dataset the tickets go to. */
            dataset_id: number;
            field_mapping: components["schemas"]["ConnectorFieldMapping"];
            /** @description Seconds between scheduled syncs. */
            interval_seconds: number;
            write_back?: components["schemas"]["ConnectorWriteBack"];
            /** @description True when not sent. */
            enabled?: boolean;
        };
        /** @description Changes to a connector; fields not sent keep their value. The type and the dataset cannot change. */
        UpdateConnectorRequest: {
            name?: string;
            base_url?: string;
            credentials?: components["schemas"]["ConnectorCredentials"];
            field_mapping?: components["schemas"]["ConnectorFieldMapping"];
            interval_seconds?: number;
            write_back?: components["schemas"]["ConnectorWriteBack"];
            enabled?: boolean;
        };
        /** @description One sync run of a connector. */
        ConnectorRun: {
            id: string;
            /**
             * @description `manual`: requested with `syncConnector`.
             * @enum {string}
             */
            trigger: "schedule" | "manual";
            /**
             * @description `interrupted`: the process running it stopped (its work resumes from the last committed page).
             * @enum {string}
             */
            status: "running" | "succeeded" | "failed" | "interrupted";
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            finished_at: string | null;
            /** @description Tickets fetched from the remote. */
            fetched: number;
            /** @description Tickets stored as new records or as changes of their records (classified again). */
            stored: number;
            /** @description Label writes made on remote tickets. */
            written_back: number;
            /** @description Tickets fetched unchanged, and writes the remote refused for good. */
            skipped: number;
            error: null | {
                /** @description `auth`, `rate_limited`, `remote`, `network`, `rejected`, `lease_lost`, `configuration` or `internal`. */
                kind: string;
                /** @description The remote's HTTP status; null when no response came. */
                status: number | null;
                /** @description The remote's own message (never credentials). */
                message: string;
            };
        };
        /** @description One page of a connector's runs, newest first. */
        ConnectorRunPage: {
            data: components["schemas"]["ConnectorRun"][];
            total: number;
            offset: number;
            limit: number;
            has_more: boolean;
        };
        /** @description Changes to a webhook endpoint; fields not sent keep their value. */
        UpdateWebhookRequest: {
            /**
             * Format: uri
             * @description A new `http` or `https` URL, checked as at creation.
             */
            url?: string;
            /** @description The new list of events. */
            events?: components["schemas"]["WebhookEventType"][];
            /** @description Pause (false) or resume (true) deliveries; resuming clears `disabled_reason`. */
            enabled?: boolean;
        };
        /** @description One attempt to deliver an event. */
        WebhookDeliveryAttempt: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the attempt (its `webhook-timestamp`).
             */
            attempted_at: string;
            /** @description The receiver's HTTP status; null when no response came (timeout, connection error). */
            status_code: number | null;
            /** @description Milliseconds until the response (or the failure). */
            latency_ms: number;
            /** @description Why the attempt failed; null for a 2xx. */
            error: string | null;
        };
        /** @description One event for one endpoint, from the outbox, with every attempt so far. */
        WebhookDelivery: {
            /** @description Delivery id (for `redeliverWebhookDelivery`). */
            id: string;
            event: components["schemas"]["WebhookEventType"];
            /** @description The `webhook-id` header of every attempt of this event. */
            webhook_id: string;
            /**
             * @description `pending` until a 2xx (`succeeded`) or the end of the retry schedule, a `410` or a disabled endpoint (`failed`).
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @description Attempts in order, oldest first. */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
            /**
             * Format: date-time
             * @description When the next attempt is due; null once the delivery succeeded or failed.
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the event was written to the outbox.
             */
            created_at: string;
        };
        /** @description One page of deliveries. */
        WebhookDeliveryPage: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
        };
        /** @description A labelled example a few-shot or fine-tuned model trains on. */
        ModelExample: {
            /** @description Example id, stable for the life of the example (`updateModelExample`, `deleteModelExample`). */
            id: string;
            /** @description The example text. */
            text: string;
            /** @description Its label; for an example of a multi-label model, the first of `labels`. */
            label: string;
            /** @description Multi-label models only, every label of the example; null for a single-label model. */
            labels: string[] | null;
            /**
             * @description How the example arrived: `api` (inline), `csv` or `jsonl` (a file), `dataset` (a dataset's
             *     labelled rows), `review` (an answered review), `edit` (changed by `updateModelExample`).
             */
            source: string;
            /**
             * Format: date-time
             * @description When the example was first stored.
             */
            created_at: string;
        };
        /** @description One page of a model's training examples, oldest first. */
        ModelExamplePage: {
            data: components["schemas"]["ModelExample"][];
            /** @description Number of items over all pages (with the `label` filter applied). */
            total: number;
            /** @description The `offset` used. */
            offset: number;
            /** @description The `limit` used. */
            limit: number;
            /** @description True when items follow this page. */
            has_more: boolean;
        };
        /** @description A dataset's integer id or its key `ds_<id>`. */
        DatasetId: number | string;
        /**
         * @description Labelled texts, given inline (`examples`) or read from a dataset (`dataset_id` and
         *     `label_column`: a column or metadata key whose value is one of the model's labels; rows with
         *     another or no value are left out). Exactly one of the two forms.
         */
        LabelledSetRequest: {
            /** @description The labelled texts. */
            examples?: components["schemas"]["LabelledExample"][];
            dataset_id?: components["schemas"]["DatasetId"];
            /**
             * @description Column or metadata key of the dataset that holds each row's label. For a multi-label model
             *     the value may name several labels separated by `|` (`refund|complaint`); a row counts when
             *     every one of them is a label of the model.
             */
            label_column?: string;
        };
        /** @description The outcome of adding labelled examples. */
        ExamplesAdded: {
            /** @description Examples that were new (a text already stored takes the new label and is not counted). */
            added: number;
            /** @description Stored examples of the model, per label. */
            examples_per_label: {
                [key: string]: number;
            };
            /** @description The retraining that a few-shot model started (null for other kinds, or while a label has no example). */
            training_job: components["schemas"]["TrainingJob"] | null;
        };
        /**
         * @description Changes to a training example; fields not sent keep their value. A single-label model takes
         *     `label`; a multi-label model takes `labels` (or `label`, meaning that one label). Not both.
         */
        UpdateModelExampleRequest: {
            /** @description The new text. Another example of the model with the same text gives `409 CONFLICT`. */
            text?: string;
            /** @description The new label, one of the model's labels. */
            label?: string;
            /** @description Multi-label models only; the example's new labels, each one of the model's labels. */
            labels?: string[];
        };
        /** @description The example after the change, with the retraining it started. */
        UpdatedModelExample: {
            example: components["schemas"]["ModelExample"];
            /** @description The retraining that a few-shot model started (null for other kinds, or while a label has no example). */
            training_job: components["schemas"]["TrainingJob"] | null;
        };
        /** @description One page of training jobs, newest first. */
        TrainingJobPage: {
            data: components["schemas"]["TrainingJob"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description The `offset` used. */
            offset: number;
            /** @description The `limit` used. */
            limit: number;
            /** @description True when items follow this page. */
            has_more: boolean;
        };
        /** @description One version of a model: every training makes one; zero-shot and llm models have version 1 from their creation. */
        ModelVersion: {
            /** @description Version number, counting from 1. */
            version: number;
            /** @description The label set of this version. */
            labels: string[];
            metrics: components["schemas"]["ModelMetrics"];
            /**
             * @description Labelled examples this version was trained on: for a trained version, every example the
             *     model had, the held-out ones included (the served head is refit on all of them after the
             *     held-out evaluation that its metrics come from).
             */
            training_examples: number;
            /**
             * Format: date-time
             * @description When it was trained (null for versions that were defined, not trained).
             */
            trained_at: string | null;
            /** @description True when the version carries a trained ONNX head. */
            has_head: boolean;
            /** @description True for the version the model serves while deployed. */
            serving: boolean;
            /**
             * Format: date-time
             * @description When the version was made.
             */
            created_at: string;
        };
        /** @description The versions of a model, oldest first. */
        ModelVersionList: {
            data: components["schemas"]["ModelVersion"][];
        };
        /** @description A labelled example's text and label. */
        AuditedText: {
            text: string;
            label: string;
        };
        /** @description Training data health of a model version's labelled examples, from out-of-fold predictions. */
        TrainingAudit: {
            model_id: number;
            version: number;
            /** @description Labelled examples audited (those of the version's labels). */
            examples: number;
            /** @description Folds of the out-of-fold predictions. */
            folds: number;
            /** @description Share of examples whose out-of-fold prediction is their label. */
            out_of_fold_accuracy: number;
            /** @description Examples whose label is probably wrong, the lowest out-of-fold probability of their label first. */
            suspects: {
                text: string;
                /** @description The example's label. */
                label: string;
                /** @description The most probable other label. */
                suggested_label: string;
                /** @description Out-of-fold probability of the example's label. */
                label_probability: number;
                /** @description Out-of-fold probability of the suggested label. */
                suggested_probability: number;
            }[];
            /** @description Pairs of (near-)duplicate texts with different labels, equal texts first, then by similarity. */
            conflicts: {
                /** @description Cosine of the two embeddings (1 for texts equal after normalisation). */
                similarity: number;
                /** @description Whether the texts are equal after normalisation (case, punctuation, spacing). */
                exact: boolean;
                examples: components["schemas"]["AuditedText"][];
            }[];
            /** @description Label pairs by how many examples of either were predicted as the other, most first. */
            confusions: {
                labels: string[];
                count: number;
                /** @description Up to three of those examples. */
                examples: {
                    text: string;
                    label: string;
                    predicted: string;
                }[];
            }[];
        };
        /**
         * @description One example a training held out: its text and label, and the label the head trained on the
         *     rest predicted for it. One cell of the version's confusion matrix holds the held-out examples
         *     with one `label` (the row) and one `predicted_label` (the column).
         */
        HeldOutPrediction: {
            /**
             * @description The example's id when the training read it (`listModelExamples`). The example may have been
             *     edited or deleted since: `text` and `label` are what the training saw.
             */
            example_id: string;
            /** @description The example's text. */
            text: string;
            /** @description Its label (the gold label, a row of the confusion matrix). */
            label: string;
            /** @description The label the evaluated head predicted (a column of the confusion matrix). */
            predicted_label: string;
            /** @description The calibrated probability of `predicted_label`. */
            confidence: number;
        };
        /** @description One page of a version's held-out predictions, in the order the training held them out. */
        HeldOutPredictionPage: {
            data: components["schemas"]["HeldOutPrediction"][];
            /** @description Number of items over all pages (with the label filters applied). */
            total: number;
            /** @description The `offset` used. */
            offset: number;
            /** @description The `limit` used. */
            limit: number;
            /** @description True when items follow this page. */
            has_more: boolean;
        };
        /** @description One evaluation of a model version on a labelled set (`evaluateModel`), kept for good. */
        ModelEvaluation: {
            /** @description Evaluation id. */
            id: string;
            model_id: components["schemas"]["ModelId"];
            /** @description The version that was measured. */
            version: number;
            metrics: components["schemas"]["ModelMetrics"];
            /**
             * @description The labelled set came inline (`examples`) or from a dataset's labelled rows (`dataset`).
             * @enum {string}
             */
            source: "examples" | "dataset";
            /** @description The dataset (`ds_<id>`) whose labelled rows were used, or null for inline examples. */
            dataset_id: string | null;
            /**
             * Format: date-time
             * @description When the evaluation ran.
             */
            created_at: string;
        };
        /** @description One page of a model's evaluations, newest first. */
        ModelEvaluationPage: {
            data: components["schemas"]["ModelEvaluation"][];
            /** @description Number of items over all pages (with the `version` filter applied). */
            total: number;
            /** @description The `offset` used. */
            offset: number;
            /** @description The `limit` used. */
            limit: number;
            /** @description True when items follow this page. */
            has_more: boolean;
        };
        /** @description A dataset row the model is least sure about, with its current guess. */
        LabelSuggestion: {
            /** @description Id of the dataset record. */
            record_id: string;
            /** @description The record's text. */
            text: string;
            /** @description The model's current guess. */
            label: string;
            /** @description Confidence of the guess. */
            confidence: number;
            /** @description How unsure the model is (1 − margin between the two best labels, or the entropy); larger first. */
            uncertainty: number;
        };
        /** @description Rows to label next, least certain first. */
        LabelSuggestionList: {
            data: components["schemas"]["LabelSuggestion"][];
            /**
             * @description How uncertainty was measured.
             * @enum {string}
             */
            strategy: "margin" | "entropy";
            /** @description Unlabelled rows scored to pick these. */
            scanned: number;
        };
        /** @description A record that needs a human label for the model, with what the model said when it classified it. */
        ReviewItem: {
            /** @description Id of the record (`Record.id`, the `row_id` of its webhook event); answer it with `answerReview`. */
            record_id: string;
            /** @description Key `ds_<id>` of the record's dataset. */
            dataset_id: components["schemas"]["DatasetKey"];
            /** @description The record's text (its dataset's `text_column`). */
            text: string | null;
            /** @description The whole row by column, as `Record.values`. */
            values: {
                [key: string]: components["schemas"]["CellValue"];
            };
            /** @description The model's top label for the record (as in `Record.classifications`). */
            label: string | null;
            /** @description The model's top confidence for the record; the queue is ordered by it, lowest first. */
            confidence: number | null;
            /**
             * @description The model's best labels for the record (at most 3), most confident first. Empty for records
             *     classified before the server kept them.
             */
            predictions: components["schemas"]["Prediction"][];
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the record was classified (null for records classified before the server kept it).
             */
            classified_at: string | null;
        };
        /**
         * @description One page of a model's review queue, least confident first, and, when asked for with
         *     `suggestions`, the active-learning suggestions of one dataset in their own section.
         */
        ReviewPage: {
            data: components["schemas"]["ReviewItem"][];
            /** @description Records waiting for review over all pages. */
            total: number;
            /** @description The `offset` used (echoed; 0 when not sent). */
            offset: number;
            /** @description The `limit` used (echoed; 20 when not sent). */
            limit: number;
            /** @description True when items follow this page (`offset + data.length < total`). */
            has_more: boolean;
            /**
             * @description Present only when the request set `suggestions`: the rows of `dataset_id` that are not
             *     examples of the model yet and that it is least certain about (margin), as `suggestLabels`
             *     returns them. They need not be in the queue; answer them with `answerReview` all the same.
             *     The same on every page (the section is not paginated).
             */
            suggestions?: components["schemas"]["LabelSuggestion"][];
        };
        /** @description A reviewer's label for one record. */
        ReviewAnswerRequest: {
            /** @description The right label for the record's text; one of the model's labels. */
            label: string;
        };
        /** @description The stored answer of a review. */
        ReviewAnswer: {
            model_id: components["schemas"]["ModelId"];
            /** @description Id of the answered record. */
            record_id: string;
            /** @description Key `ds_<id>` of the record's dataset. */
            dataset_id: components["schemas"]["DatasetKey"];
            /** @description The label stored for the record. */
            label: string;
            /**
             * @description True when this request stored the answer (the example was added and the record left the
             *     queue); false when the record had already been answered with the same label, so nothing changed.
             */
            created: boolean;
        };
        /** @description Which version to serve. */
        DeployRequest: {
            /** @description The version to serve (default the newest). */
            version?: number;
        };
        /**
         * @description One file that moves a model between installations: its definition, metrics, the trained ONNX
         *     head (for few-shot and fine-tuned models) and the encoder it needs, with checksums.
         */
        ModelExport: {
            /**
             * @description File format name.
             * @constant
             */
            format: "textclass.model";
            /**
             * @description File format version.
             * @constant
             */
            format_version: 1;
            /**
             * Format: date-time
             * @description When the file was written.
             */
            exported_at: string;
            /** @description The exported version's definition. */
            model: {
                /** @description Display name. */
                name: string;
                type: components["schemas"]["ModelType"];
                /** @description Labels with their descriptions. */
                labels: components["schemas"]["ModelLabel"][];
                /** @description Kind-specific settings (encoder, calibration, head architecture, llm settings). */
                config: {
                    /** @description Id of the encoder. */
                    encoder: string;
                } & {
                    [key: string]: unknown;
                };
                metrics: components["schemas"]["ModelMetrics"];
                /** @description Examples the version was trained on (for a trained version, every example, held-out ones included). */
                training_examples: number;
                /**
                 * Format: date-time
                 * @description When it was trained.
                 */
                last_trained: string | null;
                /** @description The review cutoff. */
                confidence_threshold: number;
                /** @description The exported version's number. */
                version: number;
            };
            /** @description The encoder the model needs; an installation imports only onto the same encoder. */
            encoder: {
                /** @description Encoder id. */
                id: string;
                /** @description SHA-256 of the encoder's ONNX file (null when unknown). */
                sha256: string | null;
            };
            /** @description The trained head (null for zero-shot and llm models). */
            head: null | {
                /**
                 * @description Head format.
                 * @constant
                 */
                format: "onnx";
                /** @description SHA-256 of the decoded ONNX bytes. */
                sha256: string;
                /** @description The ONNX graph, base64. */
                data_base64: string;
            };
        };
        /** @description Readiness of the server. */
        Health: {
            /**
             * @description `ok` once the encoders are loaded and requests can be served; `loading` before.
             * @enum {string}
             */
            status: "ok" | "loading";
            /**
             * @description Where this process counts rate limits: `process` (no `REDIS_URL`: counters in this
             *     process), `redis` (counters shared by every process through Redis), or
             *     `process-fallback` (`REDIS_URL` is set but Redis is unreachable; requests are still
             *     served and limited, but each process counts on its own until Redis is back, so N
             *     processes together admit up to N times the limit). The status stays `ok` then: a load
             *     balancer should not take every process out because Redis is down. Alert on it.
             * @enum {string}
             */
            rate_limits?: "process" | "redis" | "process-fallback";
        };
        /** @description Liveness of the process. */
        Liveness: {
            /**
             * @description Always `ok`; an answer at all is the signal.
             * @constant
             */
            status: "ok";
        };
        /** @description Readiness of the process to serve requests, with the check behind each part. */
        Readiness: {
            /**
             * @description `ready` when every check is `ok`; `not_ready` otherwise.
             * @enum {string}
             */
            status: "ready" | "not_ready";
            checks: {
                /**
                 * @description `ok` once every encoder is loaded and warm (and the demo content seeded); `loading` before.
                 * @enum {string}
                 */
                encoders: "ok" | "loading";
                /**
                 * @description `unreachable` when the database does not answer a query within 2 seconds.
                 * @enum {string}
                 */
                database: "ok" | "unreachable";
                /**
                 * @description `ok` when the schema has every migration this version knows; `pending` when some are
                 *     missing (run the migrations: start one process of this version first); `unknown` while
                 *     the database is unreachable.
                 * @enum {string}
                 */
                migrations: "ok" | "pending" | "unknown";
            };
        };
        /** @description Sent when the models of a dataset have classified one record. */
        ClassificationCompletedEvent: {
            /**
             * @description Event kind.
             * @constant
             */
            event: "classification.completed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the classification completed.
             */
            timestamp: string;
            /** @description Key `ds_<id>` of the record's dataset. */
            dataset_id: components["schemas"]["DatasetKey"];
            /** @description Id of the record (`Record.id`). */
            row_id: string;
            /** @description The classified text (the value of the dataset's `text_column`). */
            text: string;
            classifications: components["schemas"]["Classifications"];
            /**
             * @description The record's source metadata as string values: the record's own `metadata` (fields of a pushed record that
             *     name no column) and the values of the dataset's columns that hold a string, other than the `text_column`
             *     (for example `agent_id`, `customer_id`, `channel`, `queue`, `product`). Columns whose value is null or a
             *     number are left out. When a column and a metadata field have the same name, the column's value is sent.
             */
            metadata: components["schemas"]["Metadata"];
            /**
             * @description Ids (as strings) of the models whose top confidence for this record fell below their
             *     threshold, as `Record.needs_review` at classification time: the record is in each of those
             *     models' review queues (`listReview`). Empty when no model flagged it. The server always
             *     sends it; older servers did not.
             */
            needs_review?: string[];
        };
    };
    responses: {
        /**
         * @description The request is invalid: `MALFORMED_JSON` (body is not JSON), `MISSING_REQUIRED_FIELD`
         *     (`texts` or another required field missing, or `texts` not an array), `EMPTY_TEXTS`
         *     (`texts` empty or only empty strings), or `INVALID_PARAMETER` (anything else: too many
         *     texts, a text over 10,000 characters, a wrong type or range, an unknown field). Do not retry;
         *     fix the request.
         */
        InferenceBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The API key is missing or invalid (`UNAUTHORIZED`). Send `Authorization: Bearer <API_KEY>`.
         *     The rate-limit headers carry the values of the per-client limiter of failed authentications.
         */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The key is valid but may not do this: its role is too low (`FORBIDDEN`; inference needs
         *     at least `member`), or the workspace has used up its monthly classification quota
         *     (`QUOTA_EXCEEDED`; it resets on the billing-cycle day). Do not retry.
         */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A model named by the request does not exist in the workspace of the key (`NOT_FOUND`).
         *     Models of other workspaces are reported as missing too. Do not retry.
         */
        ModelNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A requested model does not serve inference in its current state: it is archived
         *     (`MODEL_ARCHIVED`) or not deployed yet (`MODEL_NOT_DEPLOYED`). Redeploy or deploy it, then
         *     send the request again.
         */
        ModelConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request body is over the byte limit (1 MiB by default; `PAYLOAD_TOO_LARGE`). Split the
         *     request.
         */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The body is sent with a media type the operation does not take (`UNSUPPORTED_MEDIA_TYPE`),
         *     for example `text/plain` or a form where it takes `application/json`, or with a charset other
         *     than UTF-8. Nothing was done. Do not retry; send the body with a `Content-Type` the operation
         *     lists.
         */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The workspace's rate limit is exceeded (`RATE_LIMITED`): the per-minute allowance and the
         *     10-second burst are spent. Wait `Retry-After` seconds (until the window ends), then retry.
         *     Too many failed authentications from one address are also answered with 429, before the key
         *     is checked.
         */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description An unexpected failure (`INTERNAL_ERROR`). Retry with exponential backoff of 1 s, 2 s, 4 s,
         *     8 s, at most 3 times; quote `request_id` to support if it persists.
         */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The server cannot take the request now (`UNAVAILABLE`): its inference queue is full or its
         *     models are still loading. Wait `Retry-After` seconds, then retry with backoff.
         */
        Unavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request is invalid: `MALFORMED_JSON` (body is not JSON), `MISSING_REQUIRED_FIELD`
         *     (`base_texts` or `compare_to_texts` missing), or `INVALID_PARAMETER` (more than 200
         *     texts in total, an empty set, a text over 10,000 characters, a wrong type, an unknown field).
         *     Do not retry; fix the request.
         */
        SimilarityBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The key is valid but its role does not allow this operation (`FORBIDDEN`). Use a key with
         *     the role named in the operation's description. Do not retry.
         */
        RoleForbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request is invalid: `MALFORMED_JSON` (body is not JSON), `MISSING_REQUIRED_FIELD`
         *     (`texts` missing or not an array), `EMPTY_TEXTS` (`texts` empty or only empty strings), or
         *     `INVALID_PARAMETER` (more than 200 texts, a text over 10,000 characters, a `dimensions` the
         *     encoder cannot be cut to, a wrong type, an unknown field). Do not retry; fix the request.
         */
        EmbeddingsBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No encoder with this id on this server (`NOT_FOUND`); the message lists the ids it has. */
        EncoderNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request is invalid (OpenAI error shape; code malformed_json, missing_required_field,
         *     empty_texts or invalid_parameter). Do not retry; fix the request.
         */
        OpenAiBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description The API key is missing, invalid or revoked (OpenAI error shape, code invalid_api_key). The
         *     rate-limit headers carry the values of the per-client limiter of failed authentications.
         */
        OpenAiUnauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description The key's role may not embed (type permission_error; it needs member), or the workspace's
         *     monthly quota is used up (type insufficient_quota, code quota_exceeded). Do not retry.
         */
        OpenAiForbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description No encoder with this id on this server (code model_not_found, param model); the message
         *     lists the ids it has.
         */
        OpenAiNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description The request body is over the byte limit (code payload_too_large). Send fewer or shorter
         *     texts.
         */
        OpenAiPayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /** @description The body is not sent as application/json (code unsupported_media_type). */
        OpenAiUnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description The workspace's rate limit is spent (code rate_limit_exceeded). Wait Retry-After seconds,
         *     then retry.
         */
        OpenAiRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description An unexpected failure (code internal_error). Retry with backoff; quote X-Request-Id to
         *     support.
         */
        OpenAiInternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description The server is overloaded or still loading its encoders (code unavailable). Wait Retry-After
         *     seconds, then retry.
         */
        OpenAiUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenAiError"];
            };
        };
        /**
         * @description A path or query parameter is invalid (`INVALID_PARAMETER`): for example `limit` outside
         *     1 to 100, a negative `offset`, an unknown query parameter or a malformed id (`0x10`, `+1`,
         *     ` 1`, `1e0`, `01` or a number over 2147483647 are refused before any lookup). Do not retry;
         *     fix the request.
         */
        InvalidParameter: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request is invalid: `MALFORMED_JSON` (body is not JSON), `MISSING_REQUIRED_FIELD`
         *     (a required field missing, or a record without text), or `INVALID_PARAMETER` (a wrong type or
         *     range, a value that does not fit its column, too many rows, a text over 10,000 characters, an
         *     unknown field, a bad path parameter, a duplicate column, an unknown model id). Do not retry; fix the
         *     request.
         */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A model with that name already exists in the workspace (`CONFLICT`). Nothing was created.
         *     Choose another name (an import takes `?name=`), or use the existing model.
         */
        NameConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The dataset named in the path does not exist in the workspace of the key (`NOT_FOUND`).
         *     Datasets of other workspaces are reported as missing too. Do not retry.
         */
        DatasetNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The dataset is processing and refuses writes until it is ready again (`DATASET_PROCESSING`).
         *     Nothing was stored; send the rows again once `getDataset` reports `status: ready`.
         */
        DatasetConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The server is not taking rows now (`UNAVAILABLE`): more rows are waiting for classification than
         *     its bound (`TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS`). Nothing of the request was stored. Wait
         *     `Retry-After` seconds (an estimate from the rate the backlog drains), then send the same request again.
         */
        BacklogFull: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The body stopped arriving (`REQUEST_TIMEOUT`): no bytes came for `TEXTCLASS_BODY_IDLE_TIMEOUT_MS`
         *     (60 s by default). A slow upload that keeps sending is never cut for its total time, only for
         *     silence. Nothing was stored and the dataset is `ready` again; the connection is closed after this
         *     answer. Send the file again.
         */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The API key named in the path does not exist in the workspace of the key (`NOT_FOUND`).
         *     Keys of other workspaces are reported as missing too. Do not retry.
         */
        ApiKeyNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The connector named in the path does not exist in the workspace of the key (`NOT_FOUND`).
         *     Connectors of other workspaces are reported as missing too. Do not retry.
         */
        ConnectorNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The webhook endpoint (or delivery) named in the path does not exist in the workspace of the key (`NOT_FOUND`).
         *     Endpoints of other workspaces are reported as missing too. Do not retry.
         */
        WebhookNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The model, or the example of that model, does not exist in the workspace of the key
         *     (`NOT_FOUND`). Models of other workspaces are reported as missing too. Do not retry.
         */
        ExampleNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Another example of the model already has that text (`CONFLICT`). Nothing was changed. Edit or
         *     delete that example instead (`listModelExamples` finds it).
         */
        ExampleConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A training of the model is queued or running (`CONFLICT`), and the message names its job.
         *     `trainModel` starts no second one; `deployModel` of a model whose first training has not
         *     finished answers with `Retry-After`, the seconds to wait before deploying again. Follow the
         *     job with `getTrainingJob`.
         */
        TrainingConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                /** @description Seconds to wait before deploying again (on `deployModel` only). */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The model's state does not allow the change: only a deployed model can be archived or rolled
         *     back (`MODEL_NOT_DEPLOYED`, `MODEL_ARCHIVED`). Deploy it first.
         */
        ModelStateConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
         *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
         *     before any lookup.
         * @example 1
         */
        ModelIdPath: number;
        /**
         * @description A model id as `listOpenAiModels` lists it: an encoder id or `default`. Letters, digits,
         *     `.`, `_` and `-`, starting with a letter or digit, at most 200 characters; anything else is
         *     `400` before any lookup.
         * @example use-multi-612
         */
        OpenAiModelPath: string;
        /**
         * @description Which models to list: `deployed` (default), `undeployed`, `archived`, or `all`.
         * @example deployed
         */
        ModelStatusFilter: "deployed" | "undeployed" | "archived" | "all";
        /**
         * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
         *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
         * @example 0
         */
        Offset: number;
        /**
         * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
         *     1 to 100 gives `400 INVALID_PARAMETER`.
         * @example 20
         */
        Limit: number;
        /**
         * @description The dataset: its key `ds_<id>` (as in `Dataset.key`) or its bare integer id (`Dataset.id`),
         *     as on every path that names a dataset; `ds_1` and `1` name the same dataset. The id is
         *     digits only (no sign, spaces or leading zeros) and at most 2147483647. Anything else is
         *     `400 INVALID_PARAMETER`, before any lookup.
         * @example ds_1
         */
        DatasetIdPath: number | string;
        /**
         * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
         *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
         *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
         *     before any lookup.
         * @example ds_1
         */
        DatasetKeyPath: string;
        /**
         * @description `csv` or `jsonl`. When omitted, the `Accept` header chooses (`text/csv` or
         *     `application/x-ndjson`); when it names neither, CSV. Any other value is
         *     `400 INVALID_PARAMETER`.
         * @example csv
         */
        ExportFormat: "csv" | "jsonl";
        /**
         * @description Upload id `up_<n>` as returned by `uploadDatasetFile` (`id`): `up_` and digits, no sign,
         *     spaces or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before
         *     any lookup.
         * @example up_1
         */
        UploadIdPath: string;
        /**
         * @description Integer id of the API key, as returned by `listApiKeys` (`id`). Digits only: no sign, spaces,
         *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
         *     before any lookup.
         * @example 2
         */
        ApiKeyIdPath: number;
        /**
         * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
         *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
         *     `400 INVALID_PARAMETER`, before any lookup.
         * @example 1
         */
        ConnectorIdPath: number;
        /**
         * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
         *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
         *     `400 INVALID_PARAMETER`, before any lookup.
         * @example 1
         */
        WebhookEndpointIdPath: number;
        /**
         * @description Id of a delivery, as listed by `listWebhookDeliveries` (`id`): digits only, no sign, spaces or
         *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
         * @example 17
         */
        DeliveryIdPath: string;
        /**
         * @description Only the examples with this label (for a multi-label model, the examples that have it among
         *     their labels). A name that is not one of the model's labels gives `400 INVALID_PARAMETER`.
         * @example refund
         */
        ExampleLabelFilter: string;
        /**
         * @description Id of a training example, as `listModelExamples` returns it (`id`): digits only, no sign, spaces
         *     or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
         * @example 12
         */
        ExampleIdPath: string;
        /**
         * @description Id of the training job, as returned by `trainModel` (`id`): digits only, no sign, spaces or
         *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
         * @example 7
         */
        TrainingJobIdPath: string;
        /**
         * @description Only the evaluations of this version of the model (`version` of `listModelVersions`).
         * @example 2
         */
        EvaluationVersionFilter: number;
        /**
         * @description Unique id of the event (Standard Webhooks). It stays the same across retries of one
         *     event, so receivers deduplicate on it.
         * @example msg_2Lm4yVq8T1kX0cB7
         */
        WebhookId: string;
        /**
         * @description Unix time in seconds when this delivery attempt was signed. Receivers should reject
         *     deliveries whose timestamp is too far from their own clock (for example more than 5 minutes)
         *     to prevent replays.
         * @example 1767225605
         */
        WebhookTimestamp: string;
        /**
         * @description Space-separated list of signatures `v1,<base64>`, where `<base64>` is the HMAC-SHA256 of
         *     `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the endpoint's secret (`whsec_…`,
         *     the part after the prefix base64-decoded). Compare in constant time; more than one signature
         *     is present while a secret is being rotated.
         * @example v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifier of this request; quote it to support. Equal to `request_id` in an error body.
         *     When the request carried an `X-Request-Id` that is a safe token (letters, digits, `.`, `_`,
         *     `:`, `-`; at most 128 characters) it is echoed; otherwise the server makes one.
         * @example req_7f3c9a12b4e84d6fa0c1e5b2d9f3a761
         */
        "X-Request-Id": string;
        /**
         * @description Per-minute request limit of the workspace's plan. On a 401 it is the limit of the per-client
         *     limiter of failed authentications instead. Present on every `/v2` response.
         * @example 300
         */
        "X-RateLimit-Limit": number;
        /**
         * @description Requests left of the base allowance in the current one-minute window. Never above
         *     `X-RateLimit-Limit`; 0 while the 10-second burst allowance is being used and after it.
         *     On a 401 it is the remaining count of the per-client limiter of failed authentications.
         * @example 287
         */
        "X-RateLimit-Remaining": number;
        /**
         * @description Unix time in seconds at which the current window ends and the allowance is restored.
         * @example 1767225600
         */
        "X-RateLimit-Reset": number;
        /**
         * @description Seconds to wait before retrying. On 429 it is the number of seconds until the rate-limit
         *     window ends; on 503 an estimate of when the service can take the request.
         * @example 12
         */
        "Retry-After": number;
        /**
         * @description `attachment` with the file name: `ds_<id>-records.csv` or `ds_<id>-records.jsonl`.
         * @example attachment; filename="ds_1-records.csv"
         */
        "Content-Disposition": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    classifyTexts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InferenceRequest"];
            };
        };
        responses: {
            /** @description The predictions for each text, in the order of `texts`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InferenceResponse"];
                };
            };
            400: components["responses"]["InferenceBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["ModelConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    classifyMultiModelSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MultiModelSettingsRequest"];
            };
        };
        responses: {
            /** @description One result per model, in the order of `model_settings`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MultiModelSettingsResponse"];
                };
            };
            400: components["responses"]["InferenceBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["ModelConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    classifyMultiModelIds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MultiModelIdsRequest"];
            };
        };
        responses: {
            /** @description Predictions keyed by model id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MultiModelIdsResponse"];
                };
            };
            400: components["responses"]["InferenceBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["ModelConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    scoreSimilarity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimilarityRequest"];
            };
        };
        responses: {
            /** @description Ranked matches keyed by the ids of `compare_to_texts`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimilarityResponse"];
                };
            };
            400: components["responses"]["SimilarityBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createEmbeddings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmbeddingsRequest"];
            };
        };
        responses: {
            /** @description One vector per text, in the order of `texts`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmbeddingsResponse"];
                };
            };
            400: components["responses"]["EmbeddingsBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["EncoderNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createOpenAiEmbeddings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenAiEmbeddingsRequest"];
            };
        };
        responses: {
            /** @description One vector per input text, in OpenAI's shape. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAiEmbeddingsResponse"];
                };
            };
            400: components["responses"]["OpenAiBadRequest"];
            401: components["responses"]["OpenAiUnauthorized"];
            403: components["responses"]["OpenAiForbidden"];
            404: components["responses"]["OpenAiNotFound"];
            413: components["responses"]["OpenAiPayloadTooLarge"];
            415: components["responses"]["OpenAiUnsupportedMediaType"];
            429: components["responses"]["OpenAiRateLimited"];
            500: components["responses"]["OpenAiInternalError"];
            503: components["responses"]["OpenAiUnavailable"];
        };
    };
    listOpenAiModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models, `default` first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAiModelList"];
                };
            };
            401: components["responses"]["OpenAiUnauthorized"];
            429: components["responses"]["OpenAiRateLimited"];
            500: components["responses"]["OpenAiInternalError"];
        };
    };
    getOpenAiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id as `listOpenAiModels` lists it: an encoder id or `default`. Letters, digits,
                 *     `.`, `_` and `-`, starting with a letter or digit, at most 200 characters; anything else is
                 *     `400` before any lookup.
                 * @example use-multi-612
                 */
                model: components["parameters"]["OpenAiModelPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAiModel"];
                };
            };
            400: components["responses"]["OpenAiBadRequest"];
            401: components["responses"]["OpenAiUnauthorized"];
            404: components["responses"]["OpenAiNotFound"];
            429: components["responses"]["OpenAiRateLimited"];
            500: components["responses"]["OpenAiInternalError"];
        };
    };
    listModels: {
        parameters: {
            query?: {
                /**
                 * @description Which models to list: `deployed` (default), `undeployed`, `archived`, or `all`.
                 * @example deployed
                 */
                status?: components["parameters"]["ModelStatusFilter"];
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deployed models. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateModelRequest"];
            };
        };
        responses: {
            /** @description The model was created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            409: components["responses"]["NameConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model was deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateModelRequest"];
            };
        };
        responses: {
            /** @description The model after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["NameConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    addDatasetItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset: its key `ds_<id>` (as in `Dataset.key`) or its bare integer id (`Dataset.id`),
                 *     as on every path that names a dataset; `ds_1` and `1` name the same dataset. The id is
                 *     digits only (no sign, spaces or leading zeros) and at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetItemsRequest"];
            };
        };
        responses: {
            /** @description Every row was stored. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetItemsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["DatasetNotFound"];
            409: components["responses"]["DatasetConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["BacklogFull"];
        };
    };
    listDatasets: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of datasets. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createDataset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDatasetRequest"];
            };
        };
        responses: {
            /** @description The dataset was created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DatasetNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listDatasetRecords: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only the records whose top label (`classifications.<model>.label`) is this one, for the
                 *     model `model_id` or for any model of the dataset.
                 * @example billing
                 */
                label?: string;
                /**
                 * @description The model that `label` and `needs_review` refer to (one of the dataset's models; another
                 *     id matches no record). Without it they refer to any of the record's models.
                 * @example 1
                 */
                model_id?: number;
                /**
                 * @description `true`: only the records that need review (by `model_id`, or by any model); `false`: only
                 *     those that do not.
                 * @example true
                 */
                needs_review?: boolean;
                /**
                 * @description Only the records stored at or after this instant (RFC 3339 date-time).
                 * @example 2026-01-12T00:00:00Z
                 */
                created_after?: string;
                /**
                 * @description Only the records stored before this instant (RFC 3339 date-time).
                 * @example 2026-01-13T00:00:00Z
                 */
                created_before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of records. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DatasetNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    pushDatasetRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordRequest"];
            };
        };
        responses: {
            /** @description The record was stored; it is classified shortly after. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Record"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["DatasetNotFound"];
            409: components["responses"]["DatasetConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["BacklogFull"];
        };
    };
    exportDatasetRecords: {
        parameters: {
            query?: {
                /**
                 * @description `csv` or `jsonl`. When omitted, the `Accept` header chooses (`text/csv` or
                 *     `application/x-ndjson`); when it names neither, CSV. Any other value is
                 *     `400 INVALID_PARAMETER`.
                 * @example csv
                 */
                format?: components["parameters"]["ExportFormat"];
            };
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The records, streamed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DatasetNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listDatasetUploads: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of uploads, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DatasetNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadDatasetFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/x-ndjson": string;
            };
        };
        responses: {
            /**
             * @description The body was received whole; its rows are being ingested. Poll `getDatasetUpload` until
             *     `status` is `completed` or `failed`.
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Upload"];
                };
            };
            /**
             * @description The request is invalid (`INVALID_PARAMETER`): a `Content-Type` other than
             *     `text/csv` or `application/x-ndjson`, a `Content-Encoding` other than `gzip` or
             *     `identity`, a gzip body that does not decode, a bad path parameter, or a body that was
             *     cut off. Nothing was stored. Bad lines inside the file do not give 400: they fail the
             *     upload, see `getDatasetUpload`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["DatasetNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["DatasetConflict"];
            /**
             * @description The body is over `TEXTCLASS_UPLOAD_MAX_BYTES` (1 GiB by default), after gzip decoding
             *     (`PAYLOAD_TOO_LARGE`). Nothing was stored and the dataset is `ready` again. Split the
             *     file.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["BacklogFull"];
        };
    };
    getDatasetUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset's public key `ds_<id>` (as in `Dataset.key`), or its bare integer id. `ds_1`
                 *     and `1` name the same dataset. The id is digits only (no sign, spaces or leading zeros) and
                 *     at most 2147483647, which the pattern spells out. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example ds_1
                 */
                dataset_id: components["parameters"]["DatasetKeyPath"];
                /**
                 * @description Upload id `up_<n>` as returned by `uploadDatasetFile` (`id`): `up_` and digits, no sign,
                 *     spaces or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before
                 *     any lookup.
                 * @example up_1
                 */
                upload_id: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Upload"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            /**
             * @description The dataset or the upload does not exist in the workspace of the key (`NOT_FOUND`).
             *     Do not retry.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage of the current billing period. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getCurrentKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling key and its workspace. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentKey"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of API keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key was created; `key` is shown only in this response. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the API key, as returned by `listApiKeys` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 2
                 */
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is revoked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ApiKeyNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhook endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description The endpoint was created; `secret` is shown only in this response. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listConnectors: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of connectors. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createConnector: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectorRequest"];
            };
        };
        responses: {
            /** @description The connector was created (without its credentials). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["DatasetNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ConnectorNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector is deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ConnectorNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateConnectorRequest"];
            };
        };
        responses: {
            /** @description The updated connector. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ConnectorNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    syncConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync is requested. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ConnectorNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listConnectorRuns: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the connector, as returned by `createConnector` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                connector_id: components["parameters"]["ConnectorIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorRunPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ConnectorNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description The updated endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the webhook endpoint, as returned by `createWebhook` (`id`). Digits only: no
                 *     sign, spaces, leading zeros, exponent or hex; at most 2147483647. Anything else is
                 *     `400 INVALID_PARAMETER`, before any lookup.
                 * @example 1
                 */
                webhook_id: components["parameters"]["WebhookEndpointIdPath"];
                /**
                 * @description Id of a delivery, as listed by `listWebhookDeliveries` (`id`): digits only, no sign, spaces or
                 *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 17
                 */
                delivery_id: components["parameters"]["DeliveryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery is queued again. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listModelExamples: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only the examples with this label (for a multi-label model, the examples that have it among
                 *     their labels). A name that is not one of the model's labels gives `400 INVALID_PARAMETER`.
                 * @example refund
                 */
                label?: components["parameters"]["ExampleLabelFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of examples. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelExamplePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    addModelExamples: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabelledSetRequest"];
                "text/csv": string;
                "application/x-ndjson": string;
            };
        };
        responses: {
            /** @description The examples were stored. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExamplesAdded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteModelExample: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of a training example, as `listModelExamples` returns it (`id`): digits only, no sign, spaces
                 *     or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 12
                 */
                example_id: components["parameters"]["ExampleIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The example was deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ExampleNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateModelExample: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of a training example, as `listModelExamples` returns it (`id`): digits only, no sign, spaces
                 *     or leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 12
                 */
                example_id: components["parameters"]["ExampleIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateModelExampleRequest"];
            };
        };
        responses: {
            /** @description The example after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedModelExample"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ExampleNotFound"];
            409: components["responses"]["ExampleConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listTrainingJobs: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of training jobs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingJobPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    trainModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrainingOptions"];
            };
        };
        responses: {
            /** @description The training was queued. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["TrainingConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getTrainingJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of the training job, as returned by `trainModel` (`id`): digits only, no sign, spaces or
                 *     leading zeros, at most 18 digits. Anything else is `400 INVALID_PARAMETER`, before any lookup.
                 * @example 7
                 */
                job_id: components["parameters"]["TrainingJobIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The training job. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listModelVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    auditModelVersion: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Cosine at or above which two texts count as near-duplicates, 0.5 to 1 (default 0.95).
                 * @example 0.95
                 */
                similarity?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description The version whose labels and encoder the audit uses (`version` of `listModelVersions`):
                 *     digits only, no sign or leading zeros. Anything else is `400 INVALID_PARAMETER`.
                 * @example 2
                 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingAudit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listHeldOutPredictions: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only the held-out examples with this label (a row of the confusion matrix).
                 * @example billing
                 */
                label?: string;
                /**
                 * @description Only those predicted as this label (a column of the confusion matrix).
                 * @example refund
                 */
                predicted_label?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description The version whose training held the examples out (`version` of `listModelVersions`):
                 *     digits only, no sign or leading zeros. Anything else is `400 INVALID_PARAMETER`.
                 * @example 2
                 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of held-out predictions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeldOutPredictionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listModelEvaluations: {
        parameters: {
            query?: {
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only the evaluations of this version of the model (`version` of `listModelVersions`).
                 * @example 2
                 */
                version?: components["parameters"]["EvaluationVersionFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of evaluations. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelEvaluationPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    evaluateModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabelledSetRequest"];
            };
        };
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelMetrics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    suggestLabels: {
        parameters: {
            query: {
                /**
                 * @description The dataset whose rows to score (`ds_<id>` or the integer id).
                 * @example ds_1
                 */
                dataset_id: string;
                /**
                 * @description `margin` (default: 1 − the gap between the two best labels) or `entropy`.
                 * @example margin
                 */
                strategy?: "margin" | "entropy";
                /**
                 * @description How many unlabelled rows to score, 1 to 10,000 (default 1,000).
                 * @example 1000
                 */
                scan?: number;
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rows to label, least certain first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabelSuggestionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listReview: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this dataset (`ds_<id>` or the integer id); required with `suggestions`.
                 * @example ds_1
                 */
                dataset_id?: string;
                /**
                 * @description How many active-learning suggestions of `dataset_id` to add in `suggestions`, 0 to 100
                 *     (default 0: none, and no `suggestions` section). The newest 1,000 rows are scored.
                 * @example 0
                 */
                suggestions?: number;
                /**
                 * @description Number of items to skip before the first item returned, 0 to 2147483647. Default 0 when omitted.
                 *     A negative, non-integer or larger value gives `400 INVALID_PARAMETER`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of items returned, 1 to 100. Default 20 when omitted. A value outside
                 *     1 to 100 gives `400 INVALID_PARAMETER`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the queue, least confident first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    answerReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
                /**
                 * @description Id of a record of one of the workspace's datasets (`ReviewItem.record_id`, `Record.id`).
                 *     Digits only, no leading zero, at most 18 digits; anything else is `400 INVALID_PARAMETER`.
                 * @example 412
                 */
                record_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewAnswerRequest"];
            };
        };
        responses: {
            /** @description The answer is stored (`created` says whether by this request). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            /**
             * @description The model or the record does not exist in the workspace of the key (`NOT_FOUND`); records
             *     of other workspaces are reported as missing too. Do not retry.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record was already answered with another label (`CONFLICT`); the message names it. Do not retry. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deployModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeployRequest"];
            };
        };
        responses: {
            /** @description The model after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["TrainingConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rollbackModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["ModelStateConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    exportModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export file. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    importModel: {
        parameters: {
            query?: {
                /**
                 * @description Name for the imported model (default the exported name). Percent-encode it as usual;
                 *     reserved characters that do not delimit a query (`(`, `)`, `!`, `'`, `*`, `:`, `@`, `,`,
                 *     `;`, `$`, `/`, `?`) may also be sent as they are, as `encodeURIComponent` leaves some of
                 *     them: `?name=Ticket%20intent%20(staging)` names the model `Ticket intent (staging)`.
                 * @example Urgency imported
                 */
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModelExport"];
            };
        };
        responses: {
            /** @description The imported model. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            409: components["responses"]["NameConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    archiveModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Integer id of the model, as returned by `listModels` (`id`). Digits only: no sign, spaces,
                 *     leading zeros, exponent or hex; at most 2147483647. Anything else is `400 INVALID_PARAMETER`,
                 *     before any lookup.
                 * @example 1
                 */
                model_id: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["RoleForbidden"];
            404: components["responses"]["ModelNotFound"];
            409: components["responses"]["ModelStateConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is ready. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The server is starting and its encoders are still loading. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getHealthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
        };
    };
    getHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is ready to serve. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The process cannot serve yet, or not any more. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    classificationCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the event (Standard Webhooks). It stays the same across retries of one
                 *     event, so receivers deduplicate on it.
                 * @example msg_2Lm4yVq8T1kX0cB7
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this delivery attempt was signed. Receivers should reject
                 *     deliveries whose timestamp is too far from their own clock (for example more than 5 minutes)
                 *     to prevent replays.
                 * @example 1767225605
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated list of signatures `v1,<base64>`, where `<base64>` is the HMAC-SHA256 of
                 *     `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the endpoint's secret (`whsec_…`,
                 *     the part after the prefix base64-decoded). Compare in constant time; more than one signature
                 *     is present while a secret is being rotated.
                 * @example v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassificationCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status within 10 seconds acknowledges the delivery; the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone. The service disables this webhook endpoint and stops delivering to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

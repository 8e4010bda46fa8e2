// The shape of a function-word table: a word of one language → its English equivalent words, space-separated ('' drops it).
export type FunctionWordTable = Readonly<Record<string, string>>;

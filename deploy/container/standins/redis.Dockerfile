# Local stand-in for the redis:7-bookworm image where no registry is reachable: Debian's redis-server on the debootstrap base.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server"]

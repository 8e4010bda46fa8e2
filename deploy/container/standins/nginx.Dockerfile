# Local stand-in for the nginx:1.27-bookworm image where no registry is reachable: Debian's nginx on the debootstrap base.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx >/dev/null \
  && rm -rf /var/lib/apt/lists/* && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]

# Local stand-in for the nginx:1.27-bookworm image where no registry is reachable: Debian's nginx on the debootstrap
# base, laid out like the official image: its nginx.conf (includes /etc/nginx/conf.d/*.conf) and default.conf, and
# its entrypoint, which renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with envsubst (only the
# variables set in the environment) before `nginx -g 'daemon off;'`.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx gettext-base >/dev/null \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/sites-available /etc/nginx/conf.d/* \
  && useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin nginx \
  && mkdir -p /docker-entrypoint.d /var/cache/nginx \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx/nginx.conf /etc/nginx/nginx.conf
COPY nginx/default.conf /etc/nginx/conf.d/default.conf
COPY nginx/docker-entrypoint.sh /docker-entrypoint.sh
COPY nginx/20-envsubst-on-templates.sh /docker-entrypoint.d/20-envsubst-on-templates.sh
RUN chmod 0755 /docker-entrypoint.sh /docker-entrypoint.d/20-envsubst-on-templates.sh && nginx -t -q
ENTRYPOINT ["/docker-entrypoint.sh"]
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

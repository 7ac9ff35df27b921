# Production image: one image, four roles chosen by docker-compose.yml's `command`:
#   api `node dist/src/main.js` · worker `node dist/src/worker.js` · migrate `node dist/src/migrate.js`
#   backup `node dist/src/ops/backup-schedule.js` (and `backup.js` / `restore.js` by hand).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Backups need pg_dump and pg_restore of at least the server's major version (postgres:17 in
# docker-compose.yml); Debian 12 ships 15, which refuses to dump a newer server. Debian's
# postgresql-common brings the PostgreSQL project's signing key and the script that adds its apt
# repository, which carries postgresql-client-17.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-17 \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DATA_DIR=/app/.data \
    BACKUP_DIR=/backups \
    PORT=3000 \
    PATH=/usr/lib/postgresql/17/bin:$PATH
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public-ui/dist ./public-ui/dist
COPY --from=build --chown=node:node /app/admin-ui/dist ./admin-ui/dist
# Named volumes mounted here start with these owners, so the app (user node) can write to them.
RUN mkdir -p /app/.data /backups && chown node:node /app/.data /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/src/main.js"]

#!/bin/sh
# Used by docker-compose.yml and k8s/infra/postgres.yaml. Runs once, on an empty data directory
# (docker-entrypoint-initdb.d), as POSTGRES_USER (meridian).
# - meridian:             the event store of command-service (created by the image from POSTGRES_DB)
# - meridian_projections: projection-service's tables and views (Flyway, owned by meridian)
# - grafana:              a read-only login that sees only the projections
set -eu
: "${GRAFANA_DB_PASSWORD:?GRAFANA_DB_PASSWORD must be set}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
     -v grafana_password="$GRAFANA_DB_PASSWORD" <<'SQL'
CREATE DATABASE meridian_projections OWNER meridian;
CREATE ROLE grafana LOGIN PASSWORD :'grafana_password';
ALTER ROLE grafana SET default_transaction_read_only = on;
-- Only the projections are for dashboards: nobody but the owner connects to the event store.
REVOKE CONNECT ON DATABASE meridian FROM PUBLIC;
REVOKE CONNECT ON DATABASE meridian_projections FROM PUBLIC;
GRANT CONNECT ON DATABASE meridian_projections TO grafana;
SQL

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname meridian_projections <<'SQL'
GRANT USAGE ON SCHEMA public TO grafana;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO grafana;
-- Tables and views Flyway creates later (as meridian) are readable by grafana too.
ALTER DEFAULT PRIVILEGES FOR ROLE meridian IN SCHEMA public GRANT SELECT ON TABLES TO grafana;
SQL

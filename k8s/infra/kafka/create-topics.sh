#!/bin/sh
# Creates Meridian's topics and their dead-letter companions; safe to run again.
# Used by docker-compose.yml (kafka-init) and by k8s/infra/kafka.yaml (Job kafka-topics).
# Environment: KAFKA_BOOTSTRAP (default kafka:9092), MERIDIAN_PARTITIONS (default 6),
# MERIDIAN_REPLICATION (default 1), MERIDIAN_DLQ_RETENTION_MS (default 30 days).
set -eu
BOOTSTRAP="${KAFKA_BOOTSTRAP:-kafka:9092}"
PARTITIONS="${MERIDIAN_PARTITIONS:-6}"
REPLICATION="${MERIDIAN_REPLICATION:-1}"
DLQ_RETENTION_MS="${MERIDIAN_DLQ_RETENTION_MS:-2592000000}"
TOPICS="${KAFKA_HOME:-/opt/kafka}/bin/kafka-topics.sh"

for topic in meridian.cluster-events meridian.mutations meridian.mutation-results meridian.domain-events; do
  "$TOPICS" --bootstrap-server "$BOOTSTRAP" --create --if-not-exists --topic "$topic" \
    --partitions "$PARTITIONS" --replication-factor "$REPLICATION"
  "$TOPICS" --bootstrap-server "$BOOTSTRAP" --create --if-not-exists --topic "$topic.dlq" \
    --partitions 1 --replication-factor "$REPLICATION" --config "retention.ms=$DLQ_RETENTION_MS"
done
"$TOPICS" --bootstrap-server "$BOOTSTRAP" --list

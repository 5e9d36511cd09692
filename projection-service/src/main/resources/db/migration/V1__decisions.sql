-- Every domain event the command-service published, as received: the audit trail and the replay source.
create table domain_event (
    event_id        text        primary key,
    aggregate_type  text        not null,
    aggregate_id    text        not null,
    sequence        bigint      not null,
    type            text        not null,
    occurred_at     timestamptz not null,
    decision_id     text,
    kernel_version  text        not null,
    reason          text,
    payload         jsonb,
    unique (aggregate_type, aggregate_id, sequence)
);
create index domain_event_decision on domain_event (decision_id) where decision_id is not null;

-- Where each consumer stands on each partition: written in the same transaction as the rows above.
create table projection_offset (
    consumer    text    not null,
    topic       text    not null,
    partition   integer not null,
    next_offset bigint  not null,
    primary key (consumer, topic, partition)
);

-- Read-only view for dashboards: one row per decision.
create view decision_history as
    select aggregate_type, aggregate_id, sequence, type, occurred_at, decision_id, kernel_version, reason
    from domain_event
    where decision_id is not null;

-- An event is stored once by its (aggregate_type, aggregate_id, sequence), which the unique constraint of V1 holds and
-- the history reads by. The primary key on event_id was a second unique index over random text that no reader used:
-- it made every row's insert about a quarter dearer (docs/benchmarks.md, Issue 3, session 46). event_id stays a column.
alter table domain_event drop constraint domain_event_pkey;
alter table domain_event alter column event_id set not null;

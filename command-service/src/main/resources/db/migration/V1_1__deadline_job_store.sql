-- Axon deadlines that survive a restart: QuartzDeadlineManager keeps each deadline as a Quartz job with one
-- simple trigger in Quartz's JDBC job store (JobStoreTX + PostgreSQLDelegate, table prefix qrtz_). Quartz
-- reads and writes these tables by these names and columns; the layout is its JDBC store's contract.
-- sched_name is the scheduler's instance name (meridian.deadlines.scheduler-name): instances sharing a
-- name share the deadlines, and Quartz's row locks (qrtz_locks) let exactly one of them fire each one.

create table qrtz_job_details (
    sched_name        varchar(120) not null,
    job_name          varchar(200) not null,
    job_group         varchar(200) not null,
    description       varchar(250),
    job_class_name    varchar(250) not null,
    is_durable        boolean      not null,
    is_nonconcurrent  boolean      not null,
    is_update_data    boolean      not null,
    requests_recovery boolean      not null,
    job_data          bytea,
    primary key (sched_name, job_name, job_group)
);

create table qrtz_triggers (
    sched_name     varchar(120) not null,
    trigger_name   varchar(200) not null,
    trigger_group  varchar(200) not null,
    job_name       varchar(200) not null,
    job_group      varchar(200) not null,
    description    varchar(250),
    next_fire_time bigint,
    prev_fire_time bigint,
    priority       integer,
    trigger_state  varchar(16)  not null,
    trigger_type   varchar(8)   not null,
    start_time     bigint       not null,
    end_time       bigint,
    calendar_name  varchar(200),
    misfire_instr  smallint,
    job_data       bytea,
    primary key (sched_name, trigger_name, trigger_group),
    foreign key (sched_name, job_name, job_group) references qrtz_job_details (sched_name, job_name, job_group)
);

-- one table per trigger type; deadlines only use simple triggers, the others must exist for Quartz's queries
create table qrtz_simple_triggers (
    sched_name      varchar(120) not null,
    trigger_name    varchar(200) not null,
    trigger_group   varchar(200) not null,
    repeat_count    bigint       not null,
    repeat_interval bigint       not null,
    times_triggered bigint       not null,
    primary key (sched_name, trigger_name, trigger_group),
    foreign key (sched_name, trigger_name, trigger_group) references qrtz_triggers (sched_name, trigger_name, trigger_group)
);

create table qrtz_cron_triggers (
    sched_name      varchar(120) not null,
    trigger_name    varchar(200) not null,
    trigger_group   varchar(200) not null,
    cron_expression varchar(120) not null,
    time_zone_id    varchar(80),
    primary key (sched_name, trigger_name, trigger_group),
    foreign key (sched_name, trigger_name, trigger_group) references qrtz_triggers (sched_name, trigger_name, trigger_group)
);

create table qrtz_simprop_triggers (
    sched_name    varchar(120) not null,
    trigger_name  varchar(200) not null,
    trigger_group varchar(200) not null,
    str_prop_1    varchar(512),
    str_prop_2    varchar(512),
    str_prop_3    varchar(512),
    int_prop_1    integer,
    int_prop_2    integer,
    long_prop_1   bigint,
    long_prop_2   bigint,
    dec_prop_1    numeric(13, 4),
    dec_prop_2    numeric(13, 4),
    bool_prop_1   boolean,
    bool_prop_2   boolean,
    primary key (sched_name, trigger_name, trigger_group),
    foreign key (sched_name, trigger_name, trigger_group) references qrtz_triggers (sched_name, trigger_name, trigger_group)
);

create table qrtz_blob_triggers (
    sched_name    varchar(120) not null,
    trigger_name  varchar(200) not null,
    trigger_group varchar(200) not null,
    blob_data     bytea,
    primary key (sched_name, trigger_name, trigger_group),
    foreign key (sched_name, trigger_name, trigger_group) references qrtz_triggers (sched_name, trigger_name, trigger_group)
);

create table qrtz_calendars (
    sched_name    varchar(120) not null,
    calendar_name varchar(200) not null,
    calendar      bytea        not null,
    primary key (sched_name, calendar_name)
);

create table qrtz_paused_trigger_grps (
    sched_name    varchar(120) not null,
    trigger_group varchar(200) not null,
    primary key (sched_name, trigger_group)
);

create table qrtz_fired_triggers (
    sched_name        varchar(120) not null,
    entry_id          varchar(95)  not null,
    trigger_name      varchar(200) not null,
    trigger_group     varchar(200) not null,
    instance_name     varchar(200) not null,
    fired_time        bigint       not null,
    sched_time        bigint       not null,
    priority          integer      not null,
    state             varchar(16)  not null,
    job_name          varchar(200),
    job_group         varchar(200),
    is_nonconcurrent  boolean,
    requests_recovery boolean,
    primary key (sched_name, entry_id)
);

create table qrtz_scheduler_state (
    sched_name        varchar(120) not null,
    instance_name     varchar(200) not null,
    last_checkin_time bigint       not null,
    checkin_interval  bigint       not null,
    primary key (sched_name, instance_name)
);

create table qrtz_locks (
    sched_name varchar(120) not null,
    lock_name  varchar(40)  not null,
    primary key (sched_name, lock_name)
);

-- the lookups Quartz makes on every acquisition: by job group, by next fire time and state, by fired instance
create index qrtz_job_details_group on qrtz_job_details (sched_name, job_group);
create index qrtz_triggers_job on qrtz_triggers (sched_name, job_name, job_group);
create index qrtz_triggers_group on qrtz_triggers (sched_name, trigger_group);
create index qrtz_triggers_state on qrtz_triggers (sched_name, trigger_state);
create index qrtz_triggers_next_fire on qrtz_triggers (sched_name, trigger_state, next_fire_time);
create index qrtz_triggers_misfire on qrtz_triggers (sched_name, misfire_instr, next_fire_time, trigger_state);
create index qrtz_fired_triggers_instance on qrtz_fired_triggers (sched_name, instance_name);
create index qrtz_fired_triggers_job on qrtz_fired_triggers (sched_name, job_name, job_group);
create index qrtz_fired_triggers_trigger on qrtz_fired_triggers (sched_name, trigger_name, trigger_group);

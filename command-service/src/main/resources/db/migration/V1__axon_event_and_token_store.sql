-- Axon's JDBC event store, token store and saga store under Axon's default (unquoted) names.
-- Axon does not create these itself; a missing table surfaces as "Cannot reuse aggregate identifier".

create table domainevententry (
    globalindex         bigserial    primary key,
    aggregateidentifier varchar(255) not null,
    sequencenumber      bigint       not null,
    type                varchar(255),
    eventidentifier     varchar(255) not null unique,
    metadata            bytea,
    payload             bytea        not null,
    payloadrevision     varchar(255),
    payloadtype         varchar(255) not null,
    timestamp           varchar(255) not null,
    unique (aggregateidentifier, sequencenumber)
);

create table snapshotevententry (
    aggregateidentifier varchar(255) not null,
    sequencenumber      bigint       not null,
    type                varchar(255) not null,
    eventidentifier     varchar(255) not null unique,
    metadata            bytea,
    payload             bytea        not null,
    payloadrevision     varchar(255),
    payloadtype         varchar(255) not null,
    timestamp           varchar(255) not null,
    primary key (aggregateidentifier, sequencenumber)
);

create table tokenentry (
    processorname varchar(255) not null,
    segment       integer      not null,
    token         bytea,
    tokentype     varchar(255),
    timestamp     varchar(255),
    owner         varchar(255),
    primary key (processorname, segment)
);

create table sagaentry (
    sagaid         varchar(255) primary key,
    revision       varchar(255),
    sagatype       varchar(255),
    serializedsaga bytea
);

create table associationvalueentry (
    id               bigserial primary key,
    associationkey   varchar(255),
    associationvalue varchar(255),
    sagaid           varchar(255),
    sagatype         varchar(255)
);
create index associationvalueentry_saga on associationvalueentry (sagatype, associationkey, associationvalue);

-- The member clusters each binding decision read. A decision carries them inline (payload.inputs.members) only when
-- it is the first of its command-service process to read that fleet; the others carry the fleet's digest alone
-- (payload.inputs.fleet) and are resolved here through a decision that carries it. Decisions recorded before the
-- digest existed carry their members inline and no digest.
create index domain_event_binding_fleet on domain_event ((payload -> 'inputs' ->> 'fleet'))
    where type = 'BindingScheduled' and jsonb_typeof(payload -> 'inputs' -> 'members') = 'array';

-- Read-only view for dashboards and audits: one row per binding decision, with its members.
create view binding_decision_members as
    select d.aggregate_id as binding, d.sequence, d.decision_id, d.occurred_at,
           d.payload -> 'inputs' ->> 'fleet' as fleet,
           case when jsonb_typeof(d.payload -> 'inputs' -> 'members') = 'array' then d.payload -> 'inputs' -> 'members'
                else (select s.payload -> 'inputs' -> 'members' from domain_event s
                      where s.type = 'BindingScheduled'
                        and jsonb_typeof(s.payload -> 'inputs' -> 'members') = 'array'
                        and s.payload -> 'inputs' ->> 'fleet' = d.payload -> 'inputs' ->> 'fleet'
                      limit 1)
           end as members
    from domain_event d
    where d.aggregate_type = 'Binding' and d.type = 'BindingScheduled';

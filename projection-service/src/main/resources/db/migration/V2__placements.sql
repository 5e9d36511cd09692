-- Where every pod of every WorkloadSpread is now, kept from the domain events: PodAdmitted places a pod in its
-- subset, a WorkloadSpreadSynced that deletes a pod to reschedule it marks it, PodDeletionRecorded and
-- WorkloadSpreadRemoved take pods away. A pod name is unique in its namespace, so it is the key.
create table pod_placement (
    cluster                  text        not null,
    namespace                text        not null,
    pod                      text        not null,
    spread                   text        not null,
    subset                   text        not null,
    decision_id              text,
    since                    timestamptz not null,
    rescheduling_decision_id text,
    rescheduling_since       timestamptz,
    primary key (cluster, namespace, pod)
);
create index pod_placement_spread on pod_placement (cluster, namespace, spread);

-- Read-only view for dashboards: pods per subset of each spread, those being rescheduled apart.
create view workloadspread_subset_pods as
    select cluster, namespace, spread, subset,
           count(*) filter (where rescheduling_since is null)     as placed,
           count(*) filter (where rescheduling_since is not null) as rescheduling
    from pod_placement
    group by cluster, namespace, spread, subset;

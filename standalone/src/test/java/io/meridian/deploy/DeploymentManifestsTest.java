package io.meridian.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reads the real deployment (every YAML document under {@code k8s/} and {@code docker-compose.yml}) and checks
 * what a Kubernetes API server or docker compose would otherwise only tell at install time.
 */
class DeploymentManifestsTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path K8S = ROOT.resolve("k8s");
    private static final String GROUP = "apps.meridian.io";
    private static final List<String> SERVICES =
            List.of("command-service", "webhook-gateway", "projection-service", "cluster-agent");

    /** One parsed YAML document and the file it came from. */
    private record Doc(Path file, JsonNode node) {
        String kind() {
            return node.path("kind").asText();
        }

        String name() {
            return node.path("metadata").path("name").asText();
        }

        String where() {
            return ROOT.relativize(file) + " (" + kind() + " " + name() + ")";
        }
    }

    @Test
    void everyKubernetesDocumentHasApiVersionKindAndName() {
        List<Doc> docs = k8sDocuments();

        assertThat(docs).hasSizeGreaterThan(30);
        assertThat(docs)
                .filteredOn(d -> isBlank(d.node().path("apiVersion")) || isBlank(d.node().path("kind"))
                        || isBlank(d.node().path("metadata").path("name")))
                .extracting(Doc::where)
                .isEmpty();
    }

    @Test
    void crdsDefineTheSixKindsOfTheMeridianGroupWithTheirScopes() {
        Map<String, String> scopeByKind = crds().stream().collect(Collectors.toMap(
                d -> d.node().path("spec").path("names").path("kind").asText(),
                d -> d.node().path("spec").path("scope").asText()));

        assertThat(scopeByKind).containsExactlyInAnyOrderEntriesOf(Map.of(
                "WorkloadSpread", "Namespaced",
                "UnitedDeployment", "Namespaced",
                "WorkloadRebalancer", "Cluster",
                "PropagationPolicy", "Namespaced",
                "ClusterPropagationPolicy", "Cluster",
                "MemberCluster", "Cluster"));
        assertThat(crds()).allSatisfy(d -> {
            assertThat(d.node().at("/spec/group").asText()).isEqualTo(GROUP);
            assertThat(d.name()).isEqualTo(d.node().at("/spec/names/plural").asText() + "." + GROUP);
            assertThat(versions(d)).extracting(v -> v.path("name").asText()).containsExactly("v1alpha1");
        });
    }

    @Test
    void everyCrdSchemaIsStructural() {
        List<String> violations = new ArrayList<>();
        for (Doc crd : crds()) {
            for (JsonNode version : versions(crd)) {
                JsonNode root = version.at("/schema/openAPIV3Schema");
                String at = crd.name() + "@" + version.path("name").asText();
                if (!"object".equals(root.path("type").asText())) {
                    violations.add(at + ": the root must be type object");
                }
                checkStructural(root, at, violations);
            }
        }

        assertThat(violations).isEmpty();
    }

    @Test
    void everyCrdHasTheStatusSubresource() {
        assertThat(crds()).allSatisfy(crd -> assertThat(versions(crd))
                .as(crd.name())
                .allSatisfy(v -> assertThat(v.path("subresources").path("status").isObject()).isTrue()));
    }

    @Test
    void unitedDeploymentScalesThroughSpecReplicasStatusReplicasAndStatusLabelSelector() {
        JsonNode scale = versions(crd("UnitedDeployment")).get(0).path("subresources").path("scale");

        assertThat(scale.path("specReplicasPath").asText()).isEqualTo(".spec.replicas");
        assertThat(scale.path("statusReplicasPath").asText()).isEqualTo(".status.replicas");
        assertThat(scale.path("labelSelectorPath").asText()).isEqualTo(".status.labelSelector");
        assertThat(schema("UnitedDeployment").at("/properties/status/properties/labelSelector/type").asText())
                .isEqualTo("string");
    }

    @Test
    void crdSchemasCarryMeridianExtensionFields() {
        String subset = "/properties/spec/properties/subsets/items/properties";
        assertThat(schema("WorkloadSpread").at(subset + "/minReplicas/type").asText()).isEqualTo("integer");
        assertThat(schema("WorkloadSpread")
                .at("/properties/spec/properties/scheduleStrategy/properties/adaptive/properties/unschedulableSeconds/type")
                .asText()).isEqualTo("integer");
        assertThat(schema("UnitedDeployment")
                .at("/properties/spec/properties/topology/properties/subsets/items/properties/cluster/type").asText())
                .isEqualTo("string");
        JsonNode rebalancer = schema("WorkloadRebalancer");
        assertThat(rebalancer.at("/properties/spec/properties/workloadSelector/type").asText()).isEqualTo("object");
        assertThat(rebalancer.at("/properties/spec/properties/dryRun/type").asText()).isEqualTo("boolean");
        assertThat(rebalancer.at("/properties/spec/properties/preserveAvailable/type").asText()).isEqualTo("boolean");
        assertThat(rebalancer.at("/properties/status/properties/observedWorkloads/items/properties/plan/type").asText())
                .isEqualTo("object");
        assertThat(schema("PropagationPolicy")
                .at("/properties/spec/properties/failover/properties/failback/properties/stabilizationSeconds/type")
                .asText()).isEqualTo("integer");
    }

    @Test
    void workloadSpreadAcceptsBothUpstreamSpellingsOfTheNodeSelectors() {
        JsonNode subset = schema("WorkloadSpread").at("/properties/spec/properties/subsets/items/properties");

        assertThat(fieldNames(subset)).contains("requiredNodeSelector", "requiredNodeSelectorTerm",
                "preferredNodeSelector", "preferredNodeSelectorTerms");
    }

    @Test
    void replicaCountsThatTakePercentagesAreIntOrString() {
        JsonNode wsSubset = schema("WorkloadSpread").at("/properties/spec/properties/subsets/items/properties");
        JsonNode udSubset = schema("UnitedDeployment")
                .at("/properties/spec/properties/topology/properties/subsets/items/properties");

        assertThat(wsSubset.at("/maxReplicas/x-kubernetes-int-or-string").asBoolean()).isTrue();
        assertThat(Stream.of("replicas", "minReplicas", "maxReplicas"))
                .allSatisfy(f -> assertThat(udSubset.path(f).path("x-kubernetes-int-or-string").asBoolean())
                        .as(f).isTrue());
    }

    @Test
    void patchesAndTemplatesKeepUnknownFields() {
        JsonNode wsSubset = schema("WorkloadSpread").at("/properties/spec/properties/subsets/items/properties");
        JsonNode ud = schema("UnitedDeployment").at("/properties/spec/properties");

        assertThat(wsSubset.at("/patch/x-kubernetes-preserve-unknown-fields").asBoolean()).isTrue();
        assertThat(ud.at("/topology/properties/subsets/items/properties/patch/x-kubernetes-preserve-unknown-fields")
                .asBoolean()).isTrue();
        assertThat(fieldNames(ud.at("/template/properties"))).containsExactlyInAnyOrder("statefulSetTemplate",
                "advancedStatefulSetTemplate", "cloneSetTemplate", "deploymentTemplate");
        assertThat(ud.at("/template/properties")).allSatisfy(template -> assertThat(
                template.at("/properties/spec/x-kubernetes-preserve-unknown-fields").asBoolean()).isTrue());
    }

    @Test
    void everyCrdHasPrinterColumnsBesidesAge() {
        assertThat(crds()).allSatisfy(crd -> assertThat(versions(crd).get(0).path("additionalPrinterColumns"))
                .as(crd.name())
                .extracting(c -> c.path("name").asText())
                .contains("Age")
                .hasSizeGreaterThan(1));
    }

    @Test
    void everyWebhookFailsOpenWithinThreeSeconds() {
        assertThat(webhooks()).isNotEmpty().allSatisfy(w -> {
            assertThat(w.path("failurePolicy").asText()).as(w.path("name").asText()).isEqualTo("Ignore");
            assertThat(w.path("timeoutSeconds").asInt()).as(w.path("name").asText()).isEqualTo(3);
        });
    }

    @Test
    void everyWebhookIsFreeOfSideEffectsAndSpeaksAdmissionReviewV1() {
        assertThat(webhooks()).allSatisfy(w -> {
            assertThat(w.path("sideEffects").asText()).isEqualTo("None");
            assertThat(w.path("admissionReviewVersions")).extracting(JsonNode::asText).containsExactly("v1");
        });
    }

    @Test
    void podWebhooksLetPodsOptOutThroughAnObjectSelector() {
        List<JsonNode> podWebhooks = webhooks().stream()
                .filter(w -> resources(w).stream().anyMatch(r -> r.startsWith("pods")))
                .toList();

        assertThat(podWebhooks).hasSize(2).allSatisfy(w -> assertThat(w.path("objectSelector").path("matchExpressions"))
                .as(w.path("name").asText())
                .anySatisfy(e -> {
                    assertThat(e.path("key").asText()).isEqualTo("meridian.io/ignore");
                    assertThat(e.path("operator").asText()).isEqualTo("DoesNotExist");
                }));
    }

    @Test
    void webhooksCallTheGatewayServiceOnTheirPaths() {
        List<JsonNode> webhooks = webhooks();

        assertThat(webhooks).extracting(w -> w.at("/clientConfig/service/path").asText())
                .containsExactlyInAnyOrder("/mutate-pods", "/validate-pods", "/validate-workloadspreads",
                        "/validate-uniteddeployments", "/validate-workloadrebalancers", "/validate-propagationpolicies",
                        "/validate-clusters");
        assertThat(webhooks).extracting(w -> w.at("/clientConfig/service/name").asText()).containsOnly("webhook-gateway");
        assertThat(webhooks).allSatisfy(w -> assertThat(w.at("/clientConfig/caBundle").isMissingNode()).isTrue());
    }

    @Test
    void bothScopesOfTheMeridianPropagationPolicyAreValidatedByTheGateway() {
        JsonNode webhook = webhooks().stream()
                .filter(w -> w.at("/clientConfig/service/path").asText().equals("/validate-propagationpolicies"))
                .findFirst().orElseThrow();
        JsonNode meridianRule = stream(webhook.path("rules"))
                .filter(r -> r.path("apiGroups").get(0).asText().equals(GROUP)).findFirst().orElseThrow();

        assertThat(stream(meridianRule.path("resources")).map(JsonNode::asText))
                .containsExactlyInAnyOrder("propagationpolicies", "clusterpropagationpolicies");
        assertThat(meridianRule.path("scope").asText()).isEqualTo("*");
    }

    @Test
    void memberClusterSchemaHasTheFieldsPlacementReads() {
        JsonNode spec = schema("MemberCluster").at("/properties/spec/properties");

        assertThat(fieldNames(spec)).contains("provider", "region", "zone", "zones");
        assertThat(spec.at("/zones/type").asText()).isEqualTo("array");
        assertThat(spec.at("/zones/items/type").asText()).isEqualTo("string");
    }

    @Test
    void webhookConfigurationsTakeTheirCaBundleFromCertManager() {
        Set<String> certificates = k8sDocuments().stream().filter(d -> d.kind().equals("Certificate"))
                .map(d -> d.node().at("/metadata/namespace").asText() + "/" + d.name())
                .collect(Collectors.toSet());

        assertThat(k8sDocuments()).filteredOn(d -> d.kind().endsWith("WebhookConfiguration")).hasSize(2)
                .allSatisfy(d -> assertThat(certificates)
                        .contains(d.node().at("/metadata/annotations").path("cert-manager.io/inject-ca-from").asText()));
    }

    @Test
    void everyDeploymentHasReadinessAndLivenessProbes() {
        List<Doc> deployments = kind("Deployment");

        assertThat(deployments).extracting(Doc::name).containsExactlyInAnyOrderElementsOf(SERVICES);
        assertThat(deployments).allSatisfy(d -> assertThat(d.node().at("/spec/template/spec/containers"))
                .as(d.name())
                .allSatisfy(c -> {
                    assertThat(c.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/actuator/health/readiness");
                    assertThat(c.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/actuator/health/liveness");
                }));
    }

    /**
     * Variables a service reads that a deployment may leave to their defaults, with the reason. Everything else a
     * service reads (its application.yml placeholders, its System.getenv calls) must be set in both k8s and compose.
     */
    private static final Map<String, Map<String, String>> MAY_DEFAULT = Map.of(
            "command-service", Map.of("PORT", "SERVER_PORT is set instead",
                    "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS", "30 s without heartbeats suits both set-ups"),
            "projection-service", Map.of("MERIDIAN_PROJECTION_PORT", "SERVER_PORT is set instead",
                    "MERIDIAN_PROJECTION_FETCH_WAIT", "a tuning knob: 100 ms suits both set-ups",
                    "MERIDIAN_PROJECTION_SYNCHRONOUS_COMMIT", "off suits both: the projection is replayed from Kafka"),
            "webhook-gateway", Map.of("MERIDIAN_GATEWAY_PORT", "SERVER_PORT is set instead",
                    "MERIDIAN_COMMAND_TIMEOUT", "2 s suits both set-ups",
                    "MERIDIAN_COMMAND_POD_CALLS_IN_FLIGHT", "a tuning knob: 2 batch calls under way suit both set-ups"),
            "cluster-agent", Map.of("MERIDIAN_HEARTBEAT_SECONDS", "3 s suits both set-ups"));
    /** Variables only one of the two set-ups may leave unset. */
    private static final Map<String, String> UNSET_IN_COMPOSE = Map.of(
            "MERIDIAN_TLS_DIR", "the gateway issues its own certificate at start");
    private static final Map<String, String> UNSET_IN_K8S = Map.of(
            "KUBECONFIG", "the agent uses its service account in the cluster it runs in");

    @Test
    void deploymentsSetEveryEnvironmentVariableTheServiceReads() {
        JsonNode composeServices = compose().path("services");

        assertThat(SERVICES).allSatisfy(service -> {
            Set<String> required = new TreeSet<>(variablesRead(service));
            required.removeAll(MAY_DEFAULT.get(service).keySet());
            assertThat(k8sEnvironment(service)).as("k8s Deployment " + service)
                    .containsAll(without(required, UNSET_IN_K8S.keySet()));
            assertThat(fieldNames(composeServices.path(service).path("environment"))).as("compose " + service)
                    .containsAll(without(required, UNSET_IN_COMPOSE.keySet()));
        });
    }

    @Test
    void deploymentsSetNoMeridianVariableTheServiceDoesNotRead() {
        JsonNode composeServices = compose().path("services");

        assertThat(SERVICES).allSatisfy(service -> {
            Set<String> read = variablesRead(service);
            assertThat(ours(k8sEnvironment(service))).as("k8s Deployment " + service).isSubsetOf(read);
            assertThat(ours(fieldNames(composeServices.path(service).path("environment")))).as("compose " + service)
                    .isSubsetOf(read);
        });
    }

    @Test
    void variablesReadAreFoundInApplicationYamlAndCode() {
        assertThat(variablesRead("cluster-agent")).contains("MERIDIAN_CLUSTER_NAME", "MERIDIAN_CLUSTER_ROLE", "KUBECONFIG",
                "MERIDIAN_KAFKA_BOOTSTRAP", "MERIDIAN_AGENT_QPS", "MERIDIAN_AGENT_BURST");
        assertThat(variablesRead("webhook-gateway")).as("System.getenv in GatewayApplication").contains("MERIDIAN_TLS_DIR");
        assertThat(variablesRead("command-service")).contains("MERIDIAN_DB_URL", "MERIDIAN_KAFKA_BOOTSTRAP");
    }

    @Test
    void everyServiceListensWhereItsProbesAndHealthchecksLook() {
        JsonNode composeServices = compose().path("services");

        assertThat(kind("Deployment")).allSatisfy(d -> {
            JsonNode container = d.node().at("/spec/template/spec/containers/0");
            int containerPort = container.at("/ports/0/containerPort").asInt();
            assertThat(envValue(container, "SERVER_PORT")).as(d.name()).isEqualTo(String.valueOf(containerPort));
            assertThat(container.at("/readinessProbe/httpGet/port").asText())
                    .isEqualTo(container.at("/ports/0/name").asText());
        });
        assertThat(SERVICES).allSatisfy(service -> {
            JsonNode compose = composeServices.path(service);
            String port = compose.path("environment").path("SERVER_PORT").asText();
            assertThat(port).as(service).isNotBlank();
            assertThat(stream(compose.path("healthcheck").path("test")).map(JsonNode::asText).toList())
                    .as(service).anySatisfy(arg -> assertThat(arg).contains("localhost:" + port + "/actuator/health/"));
        });
    }

    @Test
    void everyServiceBuildsTheExecutableJarTheDockerfileCopies() throws IOException {
        String parentPom = Files.readString(ROOT.resolve("pom.xml"));
        String dockerfile = Files.readString(ROOT.resolve("deploy/Dockerfile"));

        assertThat(parentPom).contains("<classifier>exec</classifier>");
        assertThat(dockerfile).contains("\"$MODULE\"/target/\"$MODULE\"-*-exec.jar");
        assertThat(SERVICES).allSatisfy(service -> {
            String pom = text(ROOT.resolve(service).resolve("pom.xml"));
            assertThat(pom).as(service).contains("<artifactId>" + service + "</artifactId>")
                    .contains("<artifactId>spring-boot-maven-plugin</artifactId>");
            String mainClass = between(pom, "<meridian.main-class>", "</meridian.main-class>");
            Path source = ROOT.resolve(service).resolve("src/main/java").resolve(mainClass.replace('.', '/') + ".java");
            assertThat(text(source)).as(mainClass).contains("public static void main(String[] args)");
            Path jar = ROOT.resolve(service).resolve("target").resolve(service + "-0.1.0-SNAPSHOT-exec.jar");
            if (Files.isRegularFile(jar)) {
                // built in this run (./mvnw verify packages the services before the standalone tests)
                assertThat(startClass(jar)).as(jar.toString()).isEqualTo(mainClass);
            }
        });
    }

    @Test
    void composeAndKubernetesRunTheImagesTheDockerfileBuilds() {
        JsonNode composeServices = compose().path("services");
        Set<String> kustomized = stream(read(K8S.resolve("kustomization.yaml")).get(0).path("images"))
                .map(i -> i.path("name").asText()).collect(Collectors.toSet());

        assertThat(SERVICES).allSatisfy(service -> {
            assertThat(composeServices.path(service).path("image").asText()).startsWith("meridian/" + service + ":");
            assertThat(kustomized).contains("meridian/" + service);
        });
        assertThat(kind("Deployment")).allSatisfy(d -> assertThat(d.node().at("/spec/template/spec/containers/0/image")
                .asText()).startsWith("meridian/" + d.name() + ":"));
    }

    @Test
    void grafanaPanelsQueryOnlyRelationsTheProjectionMigrationsCreate() throws IOException {
        Set<String> created = new TreeSet<>();
        try (Stream<Path> migrations = Files.list(ROOT.resolve("projection-service/src/main/resources/db/migration"))) {
            for (Path migration : migrations.toList()) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("create (?:table|view) (\\w+)")
                        .matcher(text(migration).toLowerCase(java.util.Locale.ROOT));
                while (m.find()) {
                    created.add(m.group(1));
                }
            }
        }
        JsonNode dashboard = YAML.readTree(ROOT.resolve("deploy/grafana/dashboards/meridian-decisions.json").toFile());
        List<String> queried = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)\\bfrom\\s+(\\w+)")
                        .matcher(target.path("rawSql").asText());
                while (m.find()) {
                    queried.add(m.group(1).toLowerCase(java.util.Locale.ROOT));
                }
            }
        }

        assertThat(queried).isNotEmpty().contains("workloadspread_subset_pods");
        assertThat(created).containsAll(queried);
    }

    @Test
    void clusterAgentRoleGrantsExactlyTheKindsTheAgentWatches() {
        Set<String> watched = io.meridian.agent.WatchedResource.defaults().stream()
                .map(r -> r.group() + "/" + r.plural()).collect(Collectors.toCollection(TreeSet::new));

        assertThat(granted("meridian-cluster-agent", "list")).isEqualTo(watched);
        assertThat(granted("meridian-cluster-agent", "watch")).isEqualTo(watched);
    }

    @Test
    void gatewayRoleGrantsOnlyTheVerbsTheApplierCalls() {
        Doc role = clusterRole("meridian-webhook-gateway");

        assertThat(role.node().path("rules")).flatExtracting(r -> stream(r.path("verbs")).map(JsonNode::asText).toList())
                .containsOnly("get", "create", "update", "patch", "delete");
        assertThat(granted("meridian-webhook-gateway", "update")).contains("/pods", "apps/deployments",
                "apps.kruise.io/workloadspreads/status", "apps.meridian.io/workloadspreads/status",
                "apps.karmada.io/workloadrebalancers/status");
        assertThat(granted("meridian-webhook-gateway", "delete")).contains("/pods");
        assertThat(granted("meridian-webhook-gateway", "patch")).containsExactlyInAnyOrder("apps/deployments",
                "apps/statefulsets", "batch/jobs", "apps.kruise.io/clonesets", "apps.kruise.io/statefulsets");
    }

    @Test
    void everyWorkloadRunsAsNonRootWithResourceLimits() {
        List<Doc> workloads = k8sDocuments().stream()
                .filter(d -> Set.of("Deployment", "StatefulSet", "Job").contains(d.kind())).toList();

        assertThat(workloads).allSatisfy(d -> {
            JsonNode pod = d.node().at("/spec/template/spec");
            assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).as(d.where()).isTrue();
            assertThat(pod.path("containers")).allSatisfy(c -> {
                assertThat(c.at("/securityContext/allowPrivilegeEscalation").asBoolean(true)).isFalse();
                assertThat(c.at("/resources/requests/memory").isMissingNode()).isFalse();
                assertThat(c.at("/resources/limits/memory").isMissingNode()).isFalse();
            });
        });
    }

    @Test
    void servicesWithoutKubernetesAccessMountNoToken() {
        assertThat(kind("Deployment"))
                .filteredOn(d -> Set.of("command-service", "projection-service").contains(d.name()))
                .hasSize(2)
                .allSatisfy(d -> assertThat(d.node().at("/spec/template/spec/automountServiceAccountToken").asBoolean(true))
                        .isFalse());
        Set<String> boundAccounts = k8sDocuments().stream()
                .filter(d -> d.kind().endsWith("RoleBinding"))
                .flatMap(d -> stream(d.node().path("subjects")))
                .map(s -> s.path("name").asText())
                .collect(Collectors.toSet());
        assertThat(boundAccounts).containsExactlyInAnyOrder("webhook-gateway", "cluster-agent");
    }

    @Test
    void clusterAgentRoleOnlyReads() {
        Doc role = clusterRole("meridian-cluster-agent");

        assertThat(role.node().path("rules")).flatExtracting(r -> stream(r.path("verbs")).map(JsonNode::asText).toList())
                .containsOnly("get", "list", "watch");
    }

    @Test
    void kustomizationListsEveryManifestUnderK8s() throws IOException {
        JsonNode kustomization = read(K8S.resolve("kustomization.yaml")).get(0);
        Set<String> listed = stream(kustomization.path("resources")).map(JsonNode::asText)
                .collect(Collectors.toCollection(TreeSet::new));

        Set<String> files = yamlFiles(K8S).stream()
                .map(p -> K8S.relativize(p).toString().replace('\\', '/'))
                .filter(p -> !p.equals("kustomization.yaml"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(listed).isEqualTo(files);
    }

    @Test
    void composeRunsTheFourServicesWithKafkaPostgresAndGrafana() {
        JsonNode services = compose().path("services");

        assertThat(fieldNames(services)).containsAll(SERVICES).contains("kafka", "postgres", "grafana");
    }

    @Test
    void composeBuildsEveryServiceFromTheSharedDockerfileNamingItsModule() {
        JsonNode services = compose().path("services");

        assertThat(SERVICES).allSatisfy(name -> {
            JsonNode build = services.path(name).path("build");
            assertThat(build.path("dockerfile").asText()).isEqualTo("deploy/Dockerfile");
            assertThat(build.path("args").path("MODULE").asText()).isEqualTo(name);
            assertThat(services.path(name).path("healthcheck").path("test").isArray()).isTrue();
        });
        assertThat(ROOT.resolve("deploy/Dockerfile")).isRegularFile();
    }

    @Test
    void composeStartsServicesOnlyAfterKafkaTopicsAndHealthyDependencies() {
        JsonNode services = compose().path("services");

        assertThat(SERVICES).allSatisfy(name -> {
            JsonNode dependsOn = services.path(name).path("depends_on");
            assertThat(dependsOn.at("/kafka/condition").asText()).isEqualTo("service_healthy");
            assertThat(dependsOn.at("/kafka-init/condition").asText()).isEqualTo("service_completed_successfully");
        });
        assertThat(Stream.of("command-service", "projection-service")).allSatisfy(name -> assertThat(
                services.path(name).at("/depends_on/postgres/condition").asText()).isEqualTo("service_healthy"));
    }

    @Test
    void kafkaTopicScriptCreatesEveryTopicAndItsDeadLetterCompanion() throws IOException {
        String script = Files.readString(K8S.resolve("infra/kafka/create-topics.sh"));

        assertThat(script).contains("meridian.cluster-events", "meridian.mutations", "meridian.mutation-results",
                "meridian.domain-events", "$topic.dlq");
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(:[^}]*)?}");
    private static final java.util.regex.Pattern GETENV = java.util.regex.Pattern.compile("getenv\\(\"([A-Z][A-Z0-9_]*)\"\\)");

    /** The environment variables a service reads: its application.yml placeholders and System.getenv calls. */
    private static Set<String> variablesRead(String service) {
        Set<String> names = new TreeSet<>();
        Path module = ROOT.resolve(service);
        java.util.regex.Matcher yaml = PLACEHOLDER.matcher(text(module.resolve("src/main/resources/application.yml")));
        while (yaml.find()) {
            names.add(yaml.group(1));
        }
        try (Stream<Path> sources = Files.walk(module.resolve("src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                java.util.regex.Matcher code = GETENV.matcher(text(source));
                while (code.find()) {
                    names.add(code.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static List<String> k8sEnvironment(String service) {
        Doc deployment = kind("Deployment").stream().filter(d -> d.name().equals(service)).findFirst()
                .orElseThrow(() -> new AssertionError("no Deployment " + service));
        return stream(deployment.node().at("/spec/template/spec/containers/0/env")).map(e -> e.path("name").asText()).toList();
    }

    private static String envValue(JsonNode container, String name) {
        return stream(container.path("env")).filter(e -> e.path("name").asText().equals(name))
                .map(e -> e.path("value").asText()).findFirst().orElse("");
    }

    /** Meridian's own variables (and KUBECONFIG), not Spring's (SERVER_PORT) or the JVM's. */
    private static List<String> ours(List<String> names) {
        return names.stream().filter(n -> n.startsWith("MERIDIAN_") || n.equals("KUBECONFIG")).toList();
    }

    private static Set<String> without(Set<String> names, Set<String> removed) {
        Set<String> left = new TreeSet<>(names);
        left.removeAll(removed);
        return left;
    }

    private static Doc clusterRole(String name) {
        return kind("ClusterRole").stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no ClusterRole " + name));
    }

    /** {@code group/resource} pairs a ClusterRole grants {@code verb} on. */
    private static Set<String> granted(String role, String verb) {
        Set<String> pairs = new TreeSet<>();
        for (JsonNode rule : clusterRole(role).node().path("rules")) {
            if (stream(rule.path("verbs")).map(JsonNode::asText).anyMatch(v -> v.equals(verb) || v.equals("*"))) {
                for (JsonNode group : rule.path("apiGroups")) {
                    for (JsonNode resource : rule.path("resources")) {
                        pairs.add(group.asText() + "/" + resource.asText());
                    }
                }
            }
        }
        return pairs;
    }

    private static String startClass(Path jar) {
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            return file.getManifest().getMainAttributes().getValue("Start-Class");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String between(String text, String open, String close) {
        int start = text.indexOf(open);
        assertThat(start).as(open).isNotNegative();
        return text.substring(start + open.length(), text.indexOf(close, start)).trim();
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Structural schema: a type at every level unless int-or-string or preserve-unknown-fields stands in. */
    private static void checkStructural(JsonNode schema, String at, List<String> violations) {
        if (schema.path("x-kubernetes-int-or-string").asBoolean()) {
            if (schema.has("type") || schema.has("properties") || schema.has("items")) {
                violations.add(at + ": int-or-string must not declare type, properties or items");
            }
            return;
        }
        boolean preserve = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean();
        if (!schema.hasNonNull("type") && !preserve) {
            violations.add(at + ": no type");
        }
        if (Stream.of("anyOf", "oneOf", "allOf", "not").anyMatch(schema::has)) {
            violations.add(at + ": logical junctors are only allowed with int-or-string here");
        }
        if (schema.has("properties") && schema.has("additionalProperties")) {
            violations.add(at + ": properties and additionalProperties are mutually exclusive");
        }
        String type = schema.path("type").asText();
        if (type.equals("array") && !schema.path("items").isObject()) {
            violations.add(at + ": array without items");
        }
        schema.path("properties").fields()
                .forEachRemaining(e -> checkStructural(e.getValue(), at + "." + e.getKey(), violations));
        if (schema.path("items").isObject()) {
            checkStructural(schema.path("items"), at + "[]", violations);
        }
        if (schema.path("additionalProperties").isObject()) {
            checkStructural(schema.path("additionalProperties"), at + "{}", violations);
        }
    }

    private static List<Doc> k8sDocuments() {
        List<Doc> docs = new ArrayList<>();
        for (Path file : yamlFiles(K8S)) {
            for (JsonNode node : read(file)) {
                docs.add(new Doc(file, node));
            }
        }
        return docs;
    }

    private static List<Path> yamlFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every non-empty document of a (multi-document) YAML file. */
    private static List<JsonNode> read(Path file) {
        try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            List<JsonNode> docs = new ArrayList<>();
            while (it.hasNext()) {
                JsonNode node = it.next();
                if (node != null && !node.isNull() && !node.isMissingNode()) {
                    docs.add(node);
                }
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + file, e);
        }
    }

    private static JsonNode compose() {
        List<JsonNode> docs = read(ROOT.resolve("docker-compose.yml"));
        assertThat(docs).hasSize(1);
        return docs.get(0);
    }

    private static List<Doc> kind(String kind) {
        return k8sDocuments().stream().filter(d -> d.kind().equals(kind)).toList();
    }

    private static List<Doc> crds() {
        return kind("CustomResourceDefinition");
    }

    private static Doc crd(String kind) {
        return crds().stream().filter(d -> d.node().at("/spec/names/kind").asText().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no CRD for " + kind));
    }

    private static JsonNode schema(String kind) {
        return versions(crd(kind)).get(0).at("/schema/openAPIV3Schema");
    }

    private static List<JsonNode> versions(Doc crd) {
        return stream(crd.node().at("/spec/versions")).toList();
    }

    private static List<JsonNode> webhooks() {
        return k8sDocuments().stream().filter(d -> d.kind().endsWith("WebhookConfiguration"))
                .flatMap(d -> stream(d.node().path("webhooks")))
                .toList();
    }

    private static List<String> resources(JsonNode webhook) {
        return stream(webhook.path("rules")).flatMap(r -> stream(r.path("resources"))).map(JsonNode::asText).toList();
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items.stream();
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static boolean isBlank(JsonNode node) {
        return !node.isValueNode() || node.asText().isBlank();
    }
}

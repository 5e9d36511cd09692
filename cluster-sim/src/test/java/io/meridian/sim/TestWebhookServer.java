package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A tiny admission webhook for tests: the JDK's HttpsServer with a self-signed EC certificate for
 * 127.0.0.1 made at start with BouncyCastle (already on the class path through fabric8's mock
 * server). Every AdmissionReview request it receives is kept; {@code answer} turns the request
 * into the {@code response} object.
 */
final class TestWebhookServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpsServer server;
  private final String caBundle;
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  private volatile Function<JsonNode, ObjectNode> answer = TestWebhookServer::allow;

  TestWebhookServer() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(256);
    KeyPair keys = generator.generateKeyPair();
    X500Name name = new X500Name("CN=test-webhook");
    Instant now = Instant.now();
    JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now.toEpochMilli()),
        java.util.Date.from(now.minus(1, ChronoUnit.HOURS)), java.util.Date.from(now.plus(1, ChronoUnit.DAYS)),
        name, keys.getPublic());
    builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
        new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")}));
    X509Certificate cert = new JcaX509CertificateConverter()
        .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
    StringWriter pem = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(pem)) {
      writer.writeObject(cert);
    }
    caBundle = Base64.getEncoder().encodeToString(pem.toString().getBytes(StandardCharsets.UTF_8));

    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("webhook", keys.getPrivate(), new char[0], new X509Certificate[] {cert});
    KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keyManagers.init(store, new char[0]);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(keyManagers.getKeyManagers(), null, null);

    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    server.createContext("/", exchange -> {
      JsonNode review = JSON.readTree(exchange.getRequestBody());
      requests.add(review);
      ObjectNode out = JSON.createObjectNode();
      out.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
      ObjectNode response = answer.apply(review.path("request"));
      response.put("uid", review.path("request").path("uid").asText());
      out.set("response", response);
      byte[] body = out.toString().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.start();
  }

  String url(String path) {
    return "https://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  String caBundle() {
    return caBundle;
  }

  List<JsonNode> requests() {
    return requests;
  }

  void answer(Function<JsonNode, ObjectNode> answer) {
    this.answer = answer;
  }

  static ObjectNode allow(JsonNode request) {
    return JSON.createObjectNode().put("allowed", true);
  }

  static ObjectNode deny(String message) {
    ObjectNode response = JSON.createObjectNode().put("allowed", false);
    response.putObject("status").put("code", 403).put("message", message);
    return response;
  }

  static ObjectNode patch(String jsonPatch) {
    return JSON.createObjectNode().put("allowed", true).put("patchType", "JSONPatch")
        .put("patch", Base64.getEncoder().encodeToString(jsonPatch.getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

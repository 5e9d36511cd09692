package io.meridian.gateway.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemGenerationException;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private certificate authority for the standalone mode: it signs the gateway's serving
 * certificate, and its certificate is the {@code caBundle} of the webhook configurations.
 */
public final class CertificateAuthority {
    private static final Duration VALIDITY = Duration.ofDays(365);

    private final KeyPair keys;
    private final X509Certificate certificate;

    private CertificateAuthority(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    /** A new authority valid from {@code now} for a year. */
    public static CertificateAuthority create(String name, Instant now) {
        KeyPair keys = newKeyPair();
        X500Name subject = new X500Name("CN=" + name);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(), Date.from(now.minusSeconds(60)),
                Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CertificateAuthority(keys, sign(builder, keys));
    }

    /** A serving certificate for the given DNS names and IP addresses, signed by this authority. */
    public IssuedCertificate issueServerCertificate(List<String> dnsNames, List<String> ipAddresses, Instant now) {
        KeyPair serverKeys = newKeyPair();
        String commonName = dnsNames.isEmpty() ? ipAddresses.get(0) : dnsNames.get(0);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                new X500Name(certificate.getSubjectX500Principal().getName()), serial(), Date.from(now.minusSeconds(60)),
                Date.from(now.plus(VALIDITY)), new X500Name("CN=" + commonName), serverKeys.getPublic());
        GeneralName[] names = new GeneralName[dnsNames.size() + ipAddresses.size()];
        int i = 0;
        for (String dns : dnsNames) {
            names[i++] = new GeneralName(GeneralName.dNSName, dns);
        }
        for (String ip : ipAddresses) {
            names[i++] = new GeneralName(GeneralName.iPAddress, ip);
        }
        try {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new IssuedCertificate(sign(builder, keys), serverKeys);
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** The authority's certificate as base64 PEM: the {@code caBundle} of a webhook configuration. */
    public String caBundle() {
        return Base64.getEncoder().encodeToString(pem(certificate).getBytes(StandardCharsets.US_ASCII));
    }

    /** A serving certificate and its private key. */
    public record IssuedCertificate(X509Certificate certificate, KeyPair keys) {
        /** Writes {@code tls.crt} and {@code tls.key} (PEM) into {@code directory}. */
        public void writePem(Path directory) {
            try {
                Files.createDirectories(directory);
                Files.writeString(directory.resolve("tls.crt"), pem(certificate));
                Files.writeString(directory.resolve("tls.key"), pem(pkcs8(keys)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Object pkcs8(KeyPair keys) {
        try {
            return new JcaPKCS8Generator(keys.getPrivate(), null).generate();
        } catch (PemGenerationException e) {
            throw new IllegalStateException("cannot encode the private key", e);
        }
    }

    static String pem(Object object) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no EC key generator", e);
        }
    }

    private static BigInteger serial() {
        return new BigInteger(96, new SecureRandom());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer) {
        try {
            ContentSigner contentSigner = new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate());
            return new JcaX509CertificateConverter().getCertificate(builder.build(contentSigner));
        } catch (OperatorCreationException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign certificate", e);
        }
    }
}

import COpenSSL

/// An incremental SHA-256 over OpenSSL's EVP interface: the source file's content hash, large values and the
/// database state of a transcript.
package final class SHA256Digest {
    private let context: OpaquePointer?

    package init() {
        context = EVP_MD_CTX_new()
        if let context { EVP_DigestInit_ex(context, EVP_sha256(), nil) }
    }

    deinit { EVP_MD_CTX_free(context) }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    package func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    package func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// A length-prefixed string, so concatenations of fields cannot collide.
    package func update(field text: String) {
        update(UInt64(text.utf8.count))
        update(text)
    }

    package func update(_ value: UInt64) {
        withUnsafeBytes(of: value.bigEndian) { update($0) }
    }

    /// The digest as 64 lower-case hex digits (the digest cannot be updated afterwards).
    ///
    /// - Throws: ``TranscriptError/digestUnavailable`` when OpenSSL has no SHA-256 (a broken libcrypto).
    package func finish() throws(TranscriptError) -> String {
        guard let context else { throw .digestUnavailable }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { throw .digestUnavailable }
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The SHA-256 of a string's UTF-8 bytes.
    package static func hex(of text: String) throws(TranscriptError) -> String {
        let digest = SHA256Digest()
        digest.update(text)
        return try digest.finish()
    }
}

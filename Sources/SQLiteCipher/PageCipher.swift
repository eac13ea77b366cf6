import CPageCodec

/// The codec's page transform outside SQLite: decrypts and encrypts single pages of a file.
///
/// For checking a file page by page and for comparing the codec's output byte for byte with another library's.
final class PageCipher {
    private let codec: OpaquePointer
    /// The file's page size, as detected.
    let pageSize: Int
    /// The detected format.
    let format: CipherFormat

    /// Detects the format of the encrypted file at `path` with `key`.
    init(path: String, choice: CipherChoice = .auto, key: CipherKey) throws(CipherError) {
        var result = dp_key_result()
        // The codec travels out of the key's lock as an address (an OpaquePointer is not Sendable).
        let address = try withUnsafeMutablePointer(to: &result) { (resultPointer) throws(CipherError) -> UInt in
            try KeySpecification(choice: choice, key: key).withSpec { spec in
                UInt(bitPattern: dp_page_cipher_open(path, spec, resultPointer))
            }
        }
        guard let codec = OpaquePointer(bitPattern: address), let format = CipherFormat(codecID: result.format) else {
            if result.error != Int32(DP_OK) { throw CipherError(result: result, requested: choice) }
            throw .misuse(detail: "\(path) is not an encrypted database with content")
        }
        self.codec = codec
        self.format = format
        self.pageSize = Int(dp_page_cipher_page_size(codec))
    }

    deinit { dp_page_cipher_close(codec) }

    /// Decrypts page `number` (1-based) in place; `false` when it does not authenticate or decrypt.
    func decrypt(_ page: inout [UInt8], number: UInt32) -> Bool {
        precondition(page.count == pageSize, "a page is \(pageSize) bytes")
        return page.withUnsafeMutableBufferPointer { dp_page_cipher_decrypt(codec, number, $0.baseAddress) } == Int32(DP_OK)
    }

    /// Encrypts a plain page as page `number`; `nil` when OpenSSL fails.
    func encrypt(_ plain: [UInt8], number: UInt32) -> [UInt8]? {
        precondition(plain.count == pageSize, "a page is \(pageSize) bytes")
        var out = [UInt8](repeating: 0, count: pageSize)
        let rc = plain.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { dp_page_cipher_encrypt(codec, number, input.baseAddress, $0.baseAddress) }
        }
        return rc == Int32(DP_OK) ? out : nil
    }
}

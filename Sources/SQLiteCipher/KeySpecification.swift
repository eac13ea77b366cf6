import CPageCodec

/// A key and the formats to try, in the shape the C codec takes (`dp_key_spec`).
struct KeySpecification {
    var candidates: [CipherFormat]
    var key: CipherKey
    var newFileFormat: CipherFormat?
    var newFilePageSize: Int?

    init(choice: CipherChoice, key: CipherKey, newFilePageSize: Int? = nil) {
        self.candidates = choice.candidates
        self.key = key
        self.newFileFormat = choice.newFileFormat
        self.newFilePageSize = newFilePageSize
    }

    /// Calls `body` with a `dp_key_spec` whose pointers are valid only inside it.
    func withSpec<R: Sendable>(_ body: (UnsafePointer<dp_key_spec>) throws(CipherError) -> R) throws(CipherError) -> R {
        let ids = candidates.map(\.codecID)
        let raw: Int32 = key.kind == .raw ? 1 : 0
        let format = newFileFormat?.codecID ?? 0
        let pageSize = Int32(newFilePageSize ?? 0)
        let bypass: Int32 = key.reusesDerivedKeys ? 0 : 1
        return try key.withSecret { (secret) throws(CipherError) -> R in
            try ids.withUnsafeBufferPointer { (idBuffer) throws(CipherError) -> R in
                var spec = dp_key_spec(
                    candidates: idBuffer.baseAddress, candidate_count: Int32(idBuffer.count),
                    secret: secret.baseAddress, secret_length: Int32(secret.count), secret_is_raw: raw,
                    new_file_format: format, new_file_page_size: pageSize, bypass_key_cache: bypass
                )
                return try withUnsafePointer(to: &spec) { (pointer) throws(CipherError) -> R in try body(pointer) }
            }
        }
    }
}

/// A C string held in a fixed-size C array (a tuple in Swift).
func codecMessage<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension CipherError {
    /// The typed error for a codec error code and message.
    init(codecError: Int32, page: UInt32, message: String, format: CipherFormat?) {
        switch Int(codecError) {
        case DP_ERR_WRONG_KEY: self = .wrongKey(format: format)
        case DP_ERR_NOT_A_DATABASE: self = .notADatabase(reason: message)
        case DP_ERR_AUTH: self = .authenticationFailed(page: Int(page), detail: message)
        case DP_ERR_FOREIGN_JOURNAL: self = .foreignHotJournal(detail: message)
        case DP_ERR_RAW_KEY_UNSUPPORTED: self = .rawKeyUnsupported(format: format)
        case DP_ERR_BAD_KEY:
            self = message.hasPrefix("empty") ? .emptyPassphrase : .invalidRawKey(reason: message)
        case DP_ERR_MISUSE: self = .misuse(detail: message)
        case DP_ERR_RESERVE, DP_ERR_PAGE_SIZE: self = .unsupportedLayout(detail: message)
        case DP_ERR_CRYPTO: self = .crypto(detail: message)
        default: self = .io(detail: message)
        }
    }

    /// The typed error for a failed key application.
    init(result: dp_key_result, requested: CipherChoice) {
        let named: CipherFormat? = if case .format(let format) = requested { format } else { nil }
        self.init(
            codecError: result.error, page: result.error_page, message: codecMessage(result.message),
            format: named ?? CipherFormat(codecID: result.format)
        )
        if case .wrongKey = self { self = .wrongKey(format: named) }
    }
}

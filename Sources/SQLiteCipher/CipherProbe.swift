import CPageCodec
import Foundation

/// What an encrypted (or plain) database file is, read from its first page without SQLite.
///
/// Opening a file through SQLite can change it or its sidecars (a read-only WAL connection writes read marks into
/// `-shm`); a caller that must not change anything first needs to know whether the file is in WAL mode, which an
/// encrypted file only shows once page 1 is decrypted. This reads that, and nothing else.
public struct CipherProbe: Sendable, Equatable {
    /// The format that opened it, or `nil` for a plain file.
    public var format: CipherFormat?
    /// Page size, from the (decrypted) header.
    public var pageSize: Int
    /// Reserved bytes per page, from the (decrypted) header.
    public var reservedBytes: Int
    /// Header bytes 18-19 say WAL.
    public var walMode: Bool
    /// The header's page count.
    public var pageCount: Int
    /// The file is empty.
    public var isEmpty: Bool

    /// Reads the file at `path` with `key` (or, without a key, as plain SQLite).
    ///
    /// - Throws: ``CipherError/keyRequired`` for a non-plain file without a key, and the errors of
    ///   ``PageCodec/apply(_:key:to:schema:pageSize:)`` (wrong key, authentication of page 1).
    public static func examine(path: String, choice: CipherChoice = .auto, key: CipherKey?) throws(CipherError) -> CipherProbe {
        guard let key else { return try examinePlain(path: path, choice: choice) }
        if case .none = choice { throw .keyWithoutCipher }
        var result = dp_key_result()
        var facts = dp_header_facts()
        let error = try withUnsafeMutablePointer(to: &result) { (resultPointer) throws(CipherError) -> Int32 in
            try withUnsafeMutablePointer(to: &facts) { (factsPointer) throws(CipherError) -> Int32 in
                try KeySpecification(choice: choice, key: key).withSpec { spec in
                    dp_probe_file(path, spec, resultPointer, factsPointer)
                }
            }
        }
        guard error == Int32(DP_OK) else { throw CipherError(result: result, requested: choice) }
        if result.outcome == Int32(DP_FILE_PLAIN), case .format(let format) = choice { throw .notEncrypted(requested: format) }
        return CipherProbe(
            format: result.outcome == Int32(DP_FILE_PLAIN) ? nil : CipherFormat(codecID: result.format),
            pageSize: Int(facts.page_size), reservedBytes: Int(facts.reserve), walMode: facts.wal_mode != 0,
            pageCount: Int(facts.page_count), isEmpty: result.outcome == Int32(DP_FILE_NEW)
        )
    }

    private static func examinePlain(path: String, choice: CipherChoice) throws(CipherError) -> CipherProbe {
        if case .format = choice { throw .keyRequired }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .io(detail: "\(path): cannot be read") }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if header.isEmpty {
            return CipherProbe(format: nil, pageSize: 0, reservedBytes: 0, walMode: false, pageCount: 0, isEmpty: true)
        }
        guard header.count == 100, Array(header[0..<16]) == Array("SQLite format 3\0".utf8) else { throw .keyRequired }
        let raw = Int(header[16]) << 8 | Int(header[17])
        let pageCount = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        return CipherProbe(
            format: nil, pageSize: raw == 1 ? 65536 : raw, reservedBytes: Int(header[20]),
            walMode: header[18] == 2 && header[19] == 2, pageCount: pageCount, isEmpty: false
        )
    }
}

import CPageCodec
import Synchronization

/// The secret that opens an encrypted database: passphrase bytes, or a raw key.
///
/// A passphrase is any bytes (the UTF-8 of a Unicode string, or bytes read from a file); the codec derives the cipher
/// keys from it once per connection. A raw key is the derived key itself, written `x'<64 hex digits>'` (32 bytes) or
/// `x'<96 hex digits>'` (the key, then the 16-byte salt), as SQLCipher accepts it; it skips the key derivation.
///
/// The bytes are wiped when the last reference goes away, and never appear in a description, a mirror, an error
/// message or a log line. (A `String` the caller built the key from is the caller's to forget.)
public final class CipherKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What kind of secret a key holds.
    public enum Kind: Sendable, Equatable {
        /// Passphrase bytes, run through the format's key derivation.
        case passphrase
        /// A raw key (32 bytes) or raw key and salt (48 bytes).
        case raw
    }

    /// Whether the key is a passphrase or a raw key.
    public let kind: Kind
    /// Whether opens with this key take a key derived earlier from ``DerivedKeyCache`` and leave theirs there (`true`,
    /// the default). `false` derives the key at every open and leaves nothing in the cache: for measuring the
    /// derivation itself (`DRIVERPORT_KEY_CACHE=off`), or for a key that must leave no trace beyond its connection.
    public let reusesDerivedKeys: Bool
    /// The secret's bytes; `secret`'s own lock guards them, and `deinit` wipes them.
    private let secret: Mutex<[UInt8]>

    private init(kind: Kind, bytes: [UInt8], reusesDerivedKeys: Bool = true) {
        self.kind = kind
        self.reusesDerivedKeys = reusesDerivedKeys
        self.secret = Mutex(bytes)
    }

    /// This key, with ``reusesDerivedKeys`` set to `reuse` (the same key when it already is).
    public func reusingDerivedKeys(_ reuse: Bool) -> CipherKey {
        guard reuse != reusesDerivedKeys else { return self }
        // The new key shares the array's storage until one of them wipes it; that wipe copies first, so each key
        // still wipes what it holds.
        return secret.withLock { bytes in CipherKey(kind: kind, bytes: bytes, reusesDerivedKeys: reuse) }
    }

    /// A passphrase of any bytes.
    ///
    /// - Throws: ``CipherError/emptyPassphrase`` for no bytes (an encrypted database needs a key).
    public convenience init(passphrase bytes: some Sequence<UInt8>) throws(CipherError) {
        let array = Array(bytes)
        guard !array.isEmpty else { throw .emptyPassphrase }
        self.init(kind: .passphrase, bytes: array)
    }

    /// A passphrase given as text (its UTF-8 bytes, no terminator).
    public convenience init(passphrase: String) throws(CipherError) {
        try self.init(passphrase: passphrase.utf8)
    }

    /// A raw key: 32 bytes, or 48 bytes (key, then salt).
    public convenience init(rawKey bytes: [UInt8]) throws(CipherError) {
        guard bytes.count == 32 || bytes.count == 48 else {
            throw .invalidRawKey(reason: "a raw key is 32 bytes (or 48 with the salt), not \(bytes.count)")
        }
        self.init(kind: .raw, bytes: bytes)
    }

    /// Reads a key the way SQLCipher's `PRAGMA key` does: `x'<hex>'` is a raw key, anything else a passphrase.
    ///
    /// - Throws: ``CipherError/invalidRawKey(reason:)`` for `x'...'` with other than 64 or 96 hex digits, or a
    ///   character that is not a hex digit; ``CipherError/emptyPassphrase`` for empty input.
    public static func parsing(_ text: String) throws(CipherError) -> CipherKey {
        try parsing(bytes: Array(text.utf8))
    }

    /// ``parsing(_:)`` on bytes another owner keeps (such as a session key's wiped storage): the array made from
    /// them is wiped after use unless the new key keeps it.
    public static func parsing(buffer: UnsafeRawBufferPointer) throws(CipherError) -> CipherKey {
        var bytes = Array(buffer)
        // A passphrase key keeps this array's storage and wipes it itself: the write below then lands in a fresh
        // copy (copy-on-write) and the key's bytes stay intact. The hex text of a raw key is wiped here.
        defer { bytes.withUnsafeMutableBytes { dp_wipe($0.baseAddress, UInt($0.count)) } }
        return try parsing(bytes: bytes)
    }

    /// ``parsing(_:)`` on bytes (from a key file or standard input).
    public static func parsing(bytes: [UInt8]) throws(CipherError) -> CipherKey {
        guard var hex = rawKeyDigits(bytes) else { return try CipherKey(passphrase: bytes) }
        defer { hex.withUnsafeMutableBytes { dp_wipe($0.baseAddress, UInt($0.count)) } }
        guard hex.count == 64 || hex.count == 96 else {
            throw .invalidRawKey(reason: "a raw key is x'...' with 64 hex digits (key) or 96 (key and salt), not \(hex.count)")
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(hex.count / 2)
        var index = 0
        while index < hex.count {
            guard let high = hexValue(hex[index]), let low = hexValue(hex[index + 1]) else {
                throw .invalidRawKey(reason: "a raw key may hold only hex digits 0-9 and a-f between x' and '")
            }
            raw.append(high << 4 | low)
            index += 2
        }
        return try CipherKey(rawKey: raw)
    }

    /// The digits of `x'...'` (or `X'...'`), or `nil` when the bytes are not in that form.
    private static func rawKeyDigits(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "x") || bytes[0] == UInt8(ascii: "X"),
              bytes[1] == UInt8(ascii: "'"), bytes[bytes.count - 1] == UInt8(ascii: "'")
        else { return nil }
        return Array(bytes[2..<(bytes.count - 1)])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    deinit {
        secret.withLock { bytes in
            bytes.withUnsafeMutableBytes { dp_wipe($0.baseAddress, UInt($0.count)) }
        }
    }

    /// How many bytes the secret has.
    public var byteCount: Int { secret.withLock { $0.count } }

    /// Calls `body` with the secret's bytes; they must not escape it.
    func withSecret<R: Sendable>(_ body: (UnsafeBufferPointer<UInt8>) throws(CipherError) -> R) throws(CipherError) -> R {
        try secret.withLock { (bytes) throws(CipherError) -> R in
            try bytes.withUnsafeBufferPointer { (buffer) throws(CipherError) -> R in try body(buffer) }
        }
    }

    public var description: String {
        kind == .raw ? "CipherKey(raw, \(byteCount) bytes)" : "CipherKey(passphrase, \(byteCount) bytes)"
    }

    public var debugDescription: String { description }

    /// No children: `dump(key)` and debuggers show the description, never the bytes.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}

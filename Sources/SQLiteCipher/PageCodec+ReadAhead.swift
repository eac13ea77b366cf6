import CPageCodec
import SQLiteEngine

/// Whether a connection's scan read-ahead is on.
public enum ReadAheadState: String, Sendable, Equatable {
    /// On: during a scan the codec reads, verifies and decrypts the next pages four at a time.
    case on
    /// Turned off on this connection.
    case off
    /// Not available for this file: it is plain, its format has none (only SQLCipher 4 has), or the CPU lacks
    /// AVX2.
    case unavailable
}

/// A connection's scan read-ahead: its state and what it has done.
public struct ReadAheadStatus: Sendable, Equatable {
    /// On, off, or unavailable for this file.
    public var state: ReadAheadState
    /// Pages SQLite read from the file since the connection opened.
    public var pagesRead: UInt64
    /// Of ``pagesRead``, those the read-ahead had already verified and decrypted.
    public var pagesReadAhead: UInt64
}

extension PageCodec {
    /// Turns a connection's scan read-ahead on or off, and says what it is now.
    ///
    /// An SQLCipher 4 page is authenticated by an HMAC-SHA512, which costs most of a page's decryption. When SQLite
    /// reads the children of one b-tree page in order (a scan), the codec reads the next eight siblings itself and
    /// verifies their HMACs four at a time on the CPU's vector unit, in well under half the time of one by one.
    /// Each page is still authenticated before SQLite sees it, and a page that fails is reported when SQLite reads
    /// it, exactly as without read-ahead; an I/O error while reading ahead fails the read that started it, so none
    /// is hidden. What it holds (at most eight decrypted pages per connection, in memory that is wiped) is
    /// forgotten at every write and every transaction boundary. It is on by default wherever it is available; turn
    /// it off to compare, or to hold no decrypted page beyond SQLite's own cache.
    @discardableResult
    public static func setReadAhead(
        _ enabled: Bool, on connection: EngineConnection, schema: String = "main"
    ) throws(CipherError) -> ReadAheadState {
        var state: Int32 = enabled ? 1 : 0
        return try readAheadControl(connection, schema: schema, state: &state)
    }

    /// A connection's scan read-ahead: on, off or unavailable, and the pages it served.
    public static func readAhead(of connection: EngineConnection, schema: String = "main") throws(CipherError) -> ReadAheadStatus {
        var query: Int32 = -1
        let state = try readAheadControl(connection, schema: schema, state: &query)
        let status = try rawStatus(of: connection, schema: schema)
        return ReadAheadStatus(state: state, pagesRead: status.pages_read, pagesReadAhead: status.pages_read_ahead)
    }

    private static func readAheadControl(
        _ connection: EngineConnection, schema: String, state: inout Int32
    ) throws(CipherError) -> ReadAheadState {
        let rc = try fileControl(connection, schema: schema, operation: Int32(DP_FCNTL_READAHEAD), argument: &state)
        guard rc == ResultCode.ok else { throw .notThroughCodec }
        switch state {
        case 1: return .on
        case 0: return .off
        default: return .unavailable
        }
    }
}

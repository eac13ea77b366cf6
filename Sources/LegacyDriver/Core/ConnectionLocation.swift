extension Connection {
    /// Where a database is: a file (path or `file:` URI), a private in-memory database, or a temporary file.
    public enum Location: Sendable, Equatable, CustomStringConvertible {
        /// A private, in-memory database (`:memory:`), gone when the connection closes.
        case inMemory
        /// A private, temporary on-disk database (the empty file name), deleted when the connection closes.
        case temporary
        /// A file path, or a `file:` URI; with parameters it becomes a URI such as `file:/path?mode=ro`.
        case uri(String, parameters: [URIQueryParameter] = [])

        /// The file name SQLite is given.
        public var description: String {
            switch self {
            case .inMemory:
                return ":memory:"
            case .temporary:
                return ""
            case .uri(let path, let parameters):
                guard !parameters.isEmpty else { return path }
                let query = parameters.map(\.queryItem).joined(separator: "&")
                if path.hasPrefix("file:") {
                    return path + (path.contains("?") ? "&" : "?") + query
                }
                return "file:" + percentEncoded(path, reserved: "?#%") + "?" + query
            }
        }
    }

    /// A query parameter of a `file:` URI (see SQLite's URI file names).
    public enum URIQueryParameter: Sendable, Equatable {
        /// Shared or private cache.
        public enum CacheMode: String, Sendable {
            /// `cache=shared`: the connection shares one page cache with the process's other connections to the
            /// same database.
            case shared
            /// `cache=private`: the connection has a page cache of its own, SQLite's default.
            case `private`
        }
        /// `mode=`: how the file may be opened (never more than the connection's own flags allow).
        public enum FileMode: String, Sendable {
            /// `mode=ro`: open the database read-only.
            case readOnly = "ro"
            /// `mode=rw`: open for reading and writing; the file must exist.
            case readWrite = "rw"
            /// `mode=rwc`: open for reading and writing, creating the file when it does not exist.
            case readWriteCreate = "rwc"
            /// `mode=memory`: a database held in memory, never read from or written to the file.
            case memory
        }

        /// `cache=shared|private`.
        case cache(CacheMode)
        /// `immutable=1`: the file cannot change, so SQLite takes no locks (only for files on read-only media).
        case immutable(Bool)
        /// `mode=ro|rw|rwc|memory`; `mode=ro` is the way to attach a database read-only.
        case mode(FileMode)
        /// `nolock=1`: no file locking.
        case noLock(Bool)
        /// `psow=0|1`: powersafe overwrite.
        case powersafeOverwrite(Bool)
        /// `vfs=NAME`: open through that VFS (the page codec registers one for encrypted files).
        case vfs(String)

        var queryItem: String {
            switch self {
            case .cache(let mode): "cache=\(mode.rawValue)"
            case .immutable(let on): "immutable=\(on ? 1 : 0)"
            case .mode(let mode): "mode=\(mode.rawValue)"
            case .noLock(let on): "nolock=\(on ? 1 : 0)"
            case .powersafeOverwrite(let on): "psow=\(on ? 1 : 0)"
            case .vfs(let name): "vfs=" + percentEncoded(name, reserved: "?#%&=")
            }
        }
    }
}

/// Percent-encodes the characters in `reserved` (and controls), so a path or value cannot end the URI part early.
private func percentEncoded(_ text: String, reserved: String) -> String {
    let reservedBytes = Set(reserved.utf8)
    let digits = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    for byte in text.utf8 {
        if reservedBytes.contains(byte) || byte < 0x20 || byte == 0x7F {
            output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
        } else {
            output.append(byte)
        }
    }
    return String(decoding: output, as: UTF8.self)
}

import Differential
import Foundation
import MMEXFiles
import SQLiteEngine

/// One hostile input for a command or session that reads a database, made on the spot by the test.
public struct BadInput: Sendable, CustomStringConvertible {
    /// What a reader must make of it.
    public enum Expectation: Sendable, Equatable {
        /// Nothing at the path (or a link to nothing): "no such file", exit 66.
        case missing
        /// Something that is not a regular file (folder, link loop, pipe, device): exit 66.
        case notAFile
        /// A regular file that is not a usable database (empty, random, text, truncated, damaged): exit 65.
        case notADatabase
        /// A database a reader opens and reports; `mmexSchemaClean` says whether it matches MMEX version 21.
        case readable(userVersion: Int64, mmexSchemaClean: Bool)

        /// The exit code a reading command (`inspect`, `dump`) gives.
        public var readingExitCode: Int32 {
            switch self {
            case .missing, .notAFile: 66
            case .notADatabase: 65
            case .readable: 0
            }
        }
    }

    /// Short name, used in test output.
    public let name: String
    /// The input's file name (its extension is what a user would see).
    public let fileName: String
    public let expectation: Expectation
    /// The damage sits in one table's page: only a command that reads every page (or checks integrity) finds it;
    /// one that reads just what it needs may succeed, and must still leave the bytes as they were.
    public var foundOnlyByFullRead = false
    let make: @Sendable (_ path: String) throws -> Void

    public var description: String { name }

    /// Builds the input at `folder/fileName` and returns its path. Sidecars it needs go next to it.
    public func build(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(fileName).path
        try make(path)
        return path
    }
}

/// The generated bad-input corpus: every kind of hostile file the toolkit must refuse clearly (or read without
/// changing a byte). Reused by the CLI tests, session-open tests and the fuzzer's seeds.
public enum BadInputCorpus {
    /// Every input that needs no cipher.
    public static let plain: [BadInput] = paths + garbage + truncations + damage + shapes + states

    /// Paths that are not a regular file.
    public static let paths: [BadInput] = [
        BadInput(name: "missing path", fileName: "missing.mmb", expectation: .missing) { _ in },
        BadInput(name: "directory", fileName: "folder.mmb", expectation: .notAFile) { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("inside".utf8).write(to: URL(fileURLWithPath: path + "/note.txt"))
        },
        BadInput(name: "symlink loop", fileName: "loop.mmb", expectation: .notAFile) { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".other")
            try FileManager.default.createSymbolicLink(atPath: path + ".other", withDestinationPath: path)
        },
        BadInput(name: "dangling symlink", fileName: "dangling.mmb", expectation: .missing) { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".gone")
        },
        BadInput(name: "named pipe", fileName: "pipe.mmb", expectation: .notAFile) { path in
            guard mkfifo(path, 0o644) == 0 else { throw CorpusError("mkfifo failed: errno \(errno)") }
        },
        BadInput(name: "link to a character device", fileName: "device.mmb", expectation: .notAFile) { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        },
    ]

    /// Regular files that are not databases at all.
    public static let garbage: [BadInput] = [
        BadInput(name: "empty file", fileName: "empty.mmb", expectation: .notADatabase) { path in
            try Data().write(to: URL(fileURLWithPath: path))
        },
        BadInput(name: "random bytes (4 KiB)", fileName: "random.mmb", expectation: .notADatabase) { path in
            try randomBytes(4096, seed: 1).write(to: URL(fileURLWithPath: path))
        },
        BadInput(name: "random bytes (100 KiB)", fileName: "random-large.emb", expectation: .notADatabase) { path in
            try randomBytes(100 * 1024, seed: 2).write(to: URL(fileURLWithPath: path))
        },
        BadInput(name: "text file", fileName: "notes.mmb", expectation: .notADatabase) { path in
            try Data("Groceries 12.50\nRent 800.00\nThis is a text file, not an MMEX database.\n".utf8)
                .write(to: URL(fileURLWithPath: path))
        },
        BadInput(name: "HTML page", fileName: "download.mmb", expectation: .notADatabase) { path in
            let html = "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n"
                + "<body><h1>Not Found</h1><p>The requested file was not found.</p></body></html>\n"
            try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        },
        BadInput(name: "SQLite magic and nothing else", fileName: "magic.mmb", expectation: .notADatabase) { path in
            try (Data("SQLite format 3".utf8) + Data([0])).write(to: URL(fileURLWithPath: path))
        },
    ]

    /// A real MMEX file cut short at several points.
    public static let truncations: [BadInput] = [
        ("inside the header (50 bytes)", TruncationPoint.bytes(50)),
        ("after the header (100 bytes)", .bytes(100)),
        ("after page 1", .pages(1)),
        ("at half", .half),
        ("one byte short", .oneByteShort),
    ].map { label, point in
        BadInput(name: "truncated \(label)", fileName: "truncated.mmb", expectation: .notADatabase) { path in
            try makeMMEXFile(at: path + ".full")
            let full = try Data(contentsOf: URL(fileURLWithPath: path + ".full"))
            try FileManager.default.removeItem(atPath: path + ".full")
            let pageSize = Int(full[16]) << 8 | Int(full[17])
            let length = switch point {
            case .bytes(let count): count
            case .pages(let count): count * pageSize
            case .half: full.count / 2
            case .oneByteShort: full.count - 1
            }
            try full.prefix(length).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Where a truncated file ends.
    enum TruncationPoint: Sendable {
        case bytes(Int), pages(Int), half, oneByteShort
    }

    /// Databases damaged inside.
    public static let damage: [BadInput] = [
        BadInput(name: "a page of zeros in the middle of a table", fileName: "zeroed.mmb", expectation: .notADatabase, foundOnlyByFullRead: true) { path in
            try makeMMEXFile(at: path)
            let page = try middleLeafPage(of: "CURRENCYFORMATS_V1", in: path)
            try overwrite(path, at: (page - 1) * 4096, with: Data(count: 4096))
        },
        BadInput(name: "header with an impossible page size", fileName: "pagesize.mmb", expectation: .notADatabase) { path in
            try makeMMEXFile(at: path)
            try overwrite(path, at: 16, with: Data([0x00, 0x03]))
        },
        BadInput(name: "header with page size 0", fileName: "pagesize0.mmb", expectation: .notADatabase) { path in
            try makeMMEXFile(at: path)
            try overwrite(path, at: 16, with: Data([0x00, 0x00]))
        },
        BadInput(name: "malformed schema text", fileName: "schema.mmb", expectation: .notADatabase) { path in
            try makeMMEXFile(at: path)
            let connection = try EngineConnection(path: path)
            try connection.execute("""
                PRAGMA writable_schema = ON;
                UPDATE sqlite_master SET sql = 'CREATE TABLE ASSETS_V1(' WHERE name = 'ASSETS_V1';
                PRAGMA writable_schema = OFF;
                """)
            connection.close()
        },
    ]

    /// Good databases whose shape is not (exactly) MMEX version 21: readers report them, sessions may refuse them.
    public static let shapes: [BadInput] = [
        BadInput(name: "user_version 22", fileName: "future.mmb", expectation: .readable(userVersion: 22, mmexSchemaClean: true)) { path in
            try makeMMEXFile(at: path) { try $0.setUserVersion(22) }
        },
        BadInput(name: "MMEX tables missing", fileName: "partial.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: false)) { path in
            try makeMMEXFile(at: path) { try $0.execute("DROP TABLE INFOTABLE_V1; DROP TABLE ASSETS_V1; DROP TABLE TAG_V1;") }
        },
        BadInput(name: "extra tables", fileName: "extra.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: false)) { path in
            try makeMMEXFile(at: path) {
                try $0.execute("""
                    CREATE TABLE SYNC_STATE(id INTEGER PRIMARY KEY, token TEXT);
                    CREATE TABLE "we""ird ta'ble"("col umn" TEXT);
                    INSERT INTO "we""ird ta'ble" VALUES ('x');
                    """)
            }
        },
        BadInput(name: "plain SQLite, not MMEX", fileName: "other-app.db", expectation: .readable(userVersion: 0, mmexSchemaClean: false)) { path in
            let connection = try EngineConnection(path: path, options: .create)
            try connection.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('hi');")
            connection.close()
        },
    ]

    /// Good MMEX files in states a reader must handle without writing.
    public static let states: [BadInput] = [
        BadInput(name: "read-only file", fileName: "readonly.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeMMEXFile(at: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        },
        BadInput(name: "hot journal of an interrupted write", fileName: "hot.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeHotJournal(at: path)
        },
        BadInput(name: "WAL with committed transactions", fileName: "wal.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeWALWithCommits(at: path)
        },
        BadInput(name: "WAL mode, garbage -shm, empty -wal", fileName: "walshm.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeMMEXFile(at: path) { try $0.execute("PRAGMA journal_mode = WAL") }
            try Data().write(to: URL(fileURLWithPath: path + "-wal"))
            try randomBytes(32768, seed: 3).write(to: URL(fileURLWithPath: path + "-shm"))
        },
        BadInput(name: "WAL read version with a damaged write version (found by the fuzzer)", fileName: "walversion.mmb",
                 expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeMMEXFile(at: path) { try $0.execute("PRAGMA journal_mode = WAL") }
            try overwrite(path, at: 18, with: Data([0x8A, 0x02]))
        },
        BadInput(name: "path with ? # % and spaces", fileName: "we?ird #name%20 ñ.mmb", expectation: .readable(userVersion: 21, mmexSchemaClean: true)) { path in
            try makeMMEXFile(at: path)
        },
    ]

    // MARK: builders

    /// A new MMEX version 21 file (through `MMEXFileCreator`), with a few rows, then `change` applied.
    public static func makeMMEXFile(at path: String, change: (EngineConnection) throws -> Void = { _ in }) throws {
        let connection = try MMEXFileCreator.create(at: path)
        try connection.execute("""
            INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('Corner Shop', -1), ('Landlord', -1);
            """)
        try change(connection)
        connection.close()
    }

    /// An MMEX file with a hot journal beside it: the state a writer killed in the middle of a transaction leaves.
    /// Made by copying the pair while a transaction that spilled pages to the file is open.
    public static func makeHotJournal(at path: String) throws {
        let work = path + ".work"
        try makeMMEXFile(at: work)
        let connection = try EngineConnection(path: work)
        try connection.execute("""
            PRAGMA cache_size = 2;
            BEGIN;
            UPDATE CURRENCYFORMATS_V1 SET CURRENCYNAME = CURRENCYNAME || ' (changed by an interrupted write)';
            """)
        try FileManager.default.copyItem(atPath: work, toPath: path)
        try FileManager.default.copyItem(atPath: work + "-journal", toPath: path + "-journal")
        try connection.execute("ROLLBACK")
        connection.close()
        try FileManager.default.removeItem(atPath: work)
    }

    /// A WAL-mode MMEX file whose last transactions are only in its `-wal` (with its `-shm`), as a running app
    /// leaves it.
    public static func makeWALWithCommits(at path: String) throws {
        let work = path + ".work"
        try makeMMEXFile(at: work) { try $0.execute("PRAGMA journal_mode = WAL") }
        let connection = try EngineConnection(path: work)
        try connection.execute("""
            PRAGMA wal_autocheckpoint = 0;
            INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('Only in the WAL', -1);
            """)
        for suffix in ["", "-wal", "-shm"] { try FileManager.default.copyItem(atPath: work + suffix, toPath: path + suffix) }
        connection.close()
        try? FileManager.default.removeItem(atPath: work)
    }

    /// Deterministic pseudo-random bytes.
    public static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SplitMix64(seed: seed)
        var data = Data(capacity: count + 8)
        while data.count < count { withUnsafeBytes(of: generator.next()) { data.append(contentsOf: $0) } }
        return data.prefix(count)
    }

    /// Writes `bytes` over the file at `offset`.
    public static func overwrite(_ path: String, at offset: Int, with bytes: Data) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: bytes)
    }

    /// A leaf page of `table` from the middle of its b-tree (through the `dbstat` table).
    static func middleLeafPage(of table: String, in path: String) throws -> Int {
        let connection = try EngineConnection(path: path, options: .readOnly)
        defer { connection.close() }
        let pages = try connection.rows("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", [.text(table)])
            .compactMap { $0.first?.integerValue }
        guard !pages.isEmpty else { throw CorpusError("\(table) has no leaf page") }
        return Int(pages[pages.count / 2])
    }

    struct CorpusError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

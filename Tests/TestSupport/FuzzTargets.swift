import Differential
import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine

/// The fuzz targets: what the toolkit does with an untrusted file, run on arbitrary bytes with the invariants
/// checked after every input. Shared by the bounded mutation fuzzer in the test run and the libFuzzer executable
/// (`make fuzz`).
public enum FuzzTarget: String, Sendable, CaseIterable {
    /// The CLI's file opening path: `FileProbe`, `ReadOnlyDatabase` (no key), `InspectReport` (with its quick check)
    /// and a read of every table, as `inspect` and `dump` do.
    case fileOpening
    /// The page codec: header probing (`CipherProbe`) and page decryption (every page read through the codec with
    /// the right key) of a file in the format named by the input's first byte.
    case codec

    /// What one input did.
    public enum Outcome: Sendable, Hashable {
        /// Refused before SQLite saw it (probe).
        case refusedByProbe
        /// Refused by SQLite (not a database, corrupt, I/O).
        case refusedBySQLite
        /// Refused by the codec (wrong key, failed authentication, key required).
        case refusedByCodec
        /// Opened and read (the quick check may have reported damage).
        case read
        /// A promise broke: a changed input, a sidecar left behind, or an error of an unexpected kind.
        case violation(String)
    }

    /// The raw key every encrypted seed uses (a raw key skips the passphrase KDF, so thousands of inputs a second
    /// are possible), and the passphrase of the formats that have no raw keys (AES, RC4, the AEGIS-128 family).
    public static let rawKey: [UInt8] = (0..<32).map { UInt8($0 &* 7 &+ 3) }
    public static let aesPassphrase = "fuzz-aes-passphrase"

    /// The formats the codec target cycles through (by the input's first byte).
    public static let codecFormats: [CipherFormat] = CipherFormat.allCases

    /// The key for `format`.
    public static func key(for format: CipherFormat) throws -> CipherKey {
        format.acceptsRawKey ? try CipherKey(rawKey: rawKey) : try CipherKey(passphrase: aesPassphrase)
    }

    /// Runs the target on `bytes`, written to `folder/input.db`, and checks the invariants.
    public func run(_ bytes: [UInt8], in folder: URL) -> Outcome {
        let path = folder.appendingPathComponent("input.db").path
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let fileBytes: [UInt8]
        let format: CipherFormat?
        switch self {
        case .fileOpening:
            fileBytes = bytes
            format = nil
        case .codec:
            guard let first = bytes.first else { return .refusedByProbe }
            format = Self.codecFormats[Int(first) % Self.codecFormats.count]
            fileBytes = Array(bytes.dropFirst())
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(fileBytes)) else {
            return .violation("cannot write the input file")
        }
        let outcome = Self.open(path, format: format)
        // The invariants: the input is byte for byte the same and nothing appeared beside it.
        if let after = FileManager.default.contents(atPath: path), [UInt8](after) != fileBytes {
            return .violation("the input file changed")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if entries != ["input.db"] { return .violation("files appeared beside the input: \(entries.sorted())") }
        return outcome
    }

    private static func open(_ path: String, format: CipherFormat?) -> Outcome {
        do {
            let probe = try FileProbe.examine(path)
            let database: ReadOnlyDatabase
            if let format {
                let key = try key(for: format)
                _ = try CipherProbe.examine(path: path, choice: .format(format), key: key)
                database = try ReadOnlyDatabase.open(probe, cipher: .format(format), key: key)
            } else {
                database = try ReadOnlyDatabase.open(probe)
            }
            do {
                _ = try InspectReport.read(
                    path: path, connection: database.connection, cipher: database.cipherName,
                    reserveBytes: database.reservedBytes, walHeader: database.walMode
                )
                for table in try TableDumper.tableNames(database.connection) {
                    try TableDumper.forEachRow(database.connection, table: table, columns: { _ in }) { _ in }
                }
            } catch let error as SQLiteError where database.cipher != nil {
                if PageCodec.cipherError(for: error, on: database.connection) != nil { return .refusedByCodec }
                throw error
            }
            return .read
        } catch is DatabaseFileError {
            return .refusedByProbe
        } catch is SQLiteError {
            return .refusedBySQLite
        } catch is PrivateCopyError {
            return .refusedBySQLite
        } catch let error as CipherError {
            if case .sqlite = error { return .refusedBySQLite }
            return .refusedByCodec
        } catch {
            return .violation("unexpected error type \(type(of: error)): \(error)")
        }
    }
}

/// Seed files for the fuzz targets: real shapes the mutations start from.
public enum FuzzSeeds {
    /// `(name, target, bytes)` for every seed: plain MMEX files (rollback and WAL header, small pages), every
    /// encryption format, and the plain bad-input corpus.
    public static func make(in folder: URL) throws -> [(name: String, target: FuzzTarget, bytes: [UInt8])] {
        var seeds: [(String, FuzzTarget, [UInt8])] = []
        func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
        let plain = folder.appendingPathComponent("plain.mmb").path
        try BadInputCorpus.makeMMEXFile(at: plain)
        seeds.append(("plain MMEX", .fileOpening, try bytes(plain)))
        let wal = folder.appendingPathComponent("wal.mmb").path
        try BadInputCorpus.makeMMEXFile(at: wal) { try $0.execute("PRAGMA journal_mode = WAL") }
        seeds.append(("WAL-mode MMEX", .fileOpening, try bytes(wal)))
        let small = folder.appendingPathComponent("small.db").path
        let connection = try EngineConnection(path: small, options: .create)
        try connection.execute("""
            PRAGMA page_size = 512; CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c BLOB); CREATE INDEX tb ON t(b);
            INSERT INTO t(b, c) VALUES ('x', randomblob(700)), ('y', zeroblob(10)), (NULL, NULL);
            """)
        connection.close()
        seeds.append(("512-byte pages", .fileOpening, try bytes(small)))
        for (index, format) in FuzzTarget.codecFormats.enumerated() {
            let path = folder.appendingPathComponent("\(format.rawValue).emb").path
            let target = try CipherTarget(newFile: .format(format), key: try FuzzTarget.key(for: format))
            let encrypted = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
            try target.applyToNewFile(encrypted)
            try encrypted.execute("""
                CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); CREATE INDEX tb ON t(b);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO t(b) SELECT printf('row %d %s', i, hex(randomblob(20))) FROM n;
                """)
            encrypted.close()
            seeds.append(("\(format.rawValue)", .codec, [UInt8(index)] + (try bytes(path))))
        }
        for input in BadInputCorpus.garbage + BadInputCorpus.truncations + BadInputCorpus.damage {
            let sub = folder.appendingPathComponent("corpus-\(seeds.count)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let path = try input.build(in: sub)
            seeds.append((input.name, .fileOpening, try bytes(path)))
        }
        return seeds
    }
}

extension FuzzSeeds {
    /// Where the committed corpus of a target lives: the inputs long libFuzzer runs (`make fuzz`) found that reach
    /// code the generated seeds do not, minimized with `-merge=1` (RELIABILITY.md says how it was made).
    public static func corpusFolder(_ target: FuzzTarget) -> URL {
        SharedData.repositoryRoot.appendingPathComponent("Tests/FuzzCorpus/\(target.rawValue)")
    }

    /// The committed corpus of `target`, by file name (sorted, so every run replays it in the same order).
    public static func corpus(_ target: FuzzTarget) -> [(name: String, bytes: [UInt8])] {
        let folder = corpusFolder(target)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, [UInt8]($0)) }
        }
    }
}

/// Deterministic byte mutations for the bounded fuzzer in the test run: the same seed replays the same inputs.
public struct ByteMutator {
    private var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// `bytes` with 1...4 mutations: bit flips, interesting byte values, zeroed or duplicated blocks, truncation,
    /// growth, and edits of the SQLite header fields (page size, reserve, counts, WAL bytes, schema cookie).
    public mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var data = bytes
        for _ in 0..<random.int(in: 1...4) {
            guard !data.isEmpty else { data = [random.byte()]; continue }
            switch random.below(9) {
            case 0:
                let at = random.below(data.count)
                data[at] ^= UInt8(1) << UInt8(random.below(8))
            case 1:
                let interesting: [UInt8] = [0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF, 0x10, 0x40]
                data[random.below(data.count)] = interesting[random.below(interesting.count)]
            case 2:
                let start = random.below(data.count)
                let length = min(data.count - start, random.int(in: 1...4096))
                for index in start..<start + length { data[index] = 0 }
            case 3:
                data = Array(data.prefix(random.below(data.count)))
            case 4:
                data += (0..<random.int(in: 1...1024)).map { _ in random.byte() }
            case 5:
                // A header field of a plain file: page size, versions, reserve, payload fractions, counts, cookie.
                let fields = [16, 17, 18, 19, 20, 21, 22, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63, 67, 95]
                let at = fields[random.below(fields.count)]
                if at < data.count { data[at] = random.byte() }
            case 6:
                // Copy one 512-byte block over another (a misplaced page).
                guard data.count >= 1024 else { break }
                let blocks = data.count / 512
                let from = random.below(blocks) * 512
                let to = random.below(blocks) * 512
                data.replaceSubrange(to..<to + 512, with: data[from..<from + 512])
            case 7:
                // A run of random bytes.
                let start = random.below(data.count)
                let length = min(data.count - start, random.int(in: 1...64))
                for index in start..<start + length { data[index] = random.byte() }
            default:
                // Bytes inside a page (not page 1) where b-tree headers and cell pointers live.
                let pageSize = 4096
                guard data.count > pageSize * 2 else { break }
                let page = random.int(in: 1...(data.count / pageSize - 1))
                let at = page * pageSize + random.below(16)
                if at < data.count { data[at] = random.byte() }
            }
        }
        return data
    }
}

extension SplitMix64 {
    fileprivate mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

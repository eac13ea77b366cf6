import FileLifecycle
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `RelocationCrashTests` on an encrypted file: `driverport relocate --key-env` on an SQLCipher 4 WAL-mode database
/// whose newest committed transactions are only in its encrypted `-wal`, killed with SIGKILL at every step boundary
/// and at random moments. The settle step opens it through the page codec (rolls back, checkpoints the WAL into the
/// encrypted main file); after every kill the next run finishes the move and the database opens with the same key,
/// every committed row there. A raw key keeps each child out of the KDF. More random kills with `DRIVERPORT_SOAK=1`.
@Suite("Relocation of an encrypted file killed at any moment", .serialized)
struct EncryptedRelocationCrashTests {
    static let keyVariable = "DP_RELOCATE_KEY"
    static let keyText = "x'" + String(repeating: "c0ffee42", count: 8) + "'"

    static func key() throws -> CipherKey { try CipherKey.parsing(keyText) }

    /// Opens `path` read-write through the codec with the key, as the app would.
    static func open(_ path: String) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
        do {
            try PageCodec.apply(.auto, key: try key(), to: connection)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// An encrypted WAL image: checkpointed rows in the main file, more committed transactions in the `-wal` only.
    final class Image {
        let folder = TemporaryDirectory("driverport-encrypted-wal-image")
        let writer: EngineConnection
        let expected: LedgerFixture.Contents
        var path: String { folder.path("ledger.emb") }

        init() throws {
            let path = folder.path("ledger.emb")
            writer = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
            try PageCodec.apply(.format(.sqlcipher4), key: try EncryptedRelocationCrashTests.key(), to: writer)
            _ = try writer.scalar("PRAGMA journal_mode = WAL")
            try writer.execute(LedgerFixture.schema)
            try LedgerFixture.commit(writer, transactions: 1, rowsPerTransaction: 30, firstID: 1)
            _ = try writer.rows("PRAGMA wal_checkpoint(TRUNCATE)")
            _ = try writer.scalar("PRAGMA wal_autocheckpoint = 0")
            try LedgerFixture.commit(writer, transactions: 20, rowsPerTransaction: 6, firstID: 31)
            guard let expected = try LedgerFixture.contents(of: writer) else { throw FixtureError("no ledger") }
            self.expected = expected
        }

        func install(at target: String) throws {
            for suffix in ["", "-wal", "-shm"] {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: target + suffix)
            }
        }

        deinit { writer.close() }
    }

    struct Run {
        let root: String
        var legacy: String { root + "/legacy/ledger.emb" }
        var container: String { root + "/container" }
        var destination: String { container + "/ledger.emb" }

        init(_ root: String, image: Image?) throws {
            self.root = root
            for folder in [root + "/legacy", root + "/container", root + "/tmp"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try image?.install(at: root + "/legacy/ledger.emb")
        }

        /// `driverport relocate`, stopping itself at `pauseAt` (the test build of `driverport` then).
        func spawn(pauseAt step: RelocationStep?) throws -> ControlledChild {
            let words = ["relocate", "--from", legacy, "--to", container, "--key-env", keyVariable, "--json"]
            return try ControlledChild.spawn(
                step == nil ? DriverPortBinary.url : DriverPortBinary.withTestHooks,
                step.map { ["--stop-at", $0.rawValue] + words } ?? words,
                environment: ["TMPDIR": root + "/tmp", keyVariable: keyText],
                outputPath: root + "/out-\(UUID().uuidString).json"
            )
        }

        /// The next run finishes the move; the destination opens with the key and holds every committed row.
        func verifyAfterKill(_ context: String, expected: LedgerFixture.Contents) throws {
            #expect(FileManager.default.fileExists(atPath: legacy) || FileManager.default.fileExists(atPath: destination),
                    "\(context): the main file is in neither place")
            let child = try spawn(pauseAt: nil)
            #expect(child.waitUntilExited() == .exited(0), "\(context): the next run failed: \(child.standardError)")
            let report = try JSONDecoder().decode(RelocateOutcome.self, from: Data(child.standardOutput.utf8))
            #expect(report.path == destination && report.fallbackReason == nil && report.safeToOpen, "\(context): \(report)")
            #expect(RelocationLayout.files(at: legacy).isEmpty, "\(context): left behind \(RelocationLayout.files(at: legacy))")
            let header = try #require(FileHandle(forReadingAtPath: destination)).readData(ofLength: 16)
            #expect(header != Data("SQLite format 3\0".utf8), "\(context): still encrypted")
            let connection = try EncryptedRelocationCrashTests.open(destination)
            defer { connection.close() }
            #expect(try LedgerFixture.contents(of: connection) == expected, "\(context)")
            #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"), "\(context)")
        }
    }

    struct RelocateOutcome: Decodable {
        let path: String
        let fallbackReason: String?
        let safeToOpen: Bool
    }

    static let base = FileManager.default.isWritableFile(atPath: "/dev/shm")
        ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory

    @Test("SIGKILL at every step boundary: the next run finishes the move, the file opens with the same key, every row there")
    func killedAtEveryBoundary() throws {
        let image = try Image()
        let folder = Self.base.appendingPathComponent("driverport-encrypted-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reached: [RelocationStep] = []
        for step in RelocationStep.allCases {
            let run = try Run(folder + "/\(step.rawValue)", image: image)
            let child = try run.spawn(pauseAt: step)
            switch child.waitUntilStoppedOrExited() {
            case .stopped:
                reached.append(step)
                child.send(SIGKILL)
                #expect(child.waitUntilExited() == .signaled(SIGKILL))
            case .exited(let code):
                #expect(code == 0, "\(step): \(child.standardError)")
            case .signaled(let signal):
                Issue.record("\(step): the child died of signal \(signal)")
            }
            try run.verifyAfterKill("killed at \(step)", expected: image.expected)
        }
        #expect(reached == [.started, .decided, .sourceOpened, .sourceSettled, .mainMoved, .finished])
    }

    @Test("an encrypted file with a hot -journal is settled through the codec: the interrupted transaction is rolled back, then moved")
    func hotJournalRolledBack() throws {
        let scratch = TemporaryDirectory("driverport-encrypted-hot-journal")
        let source = scratch.path("ledger.emb")
        let writer = try EngineConnection(path: source, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
        defer { writer.close() }
        try PageCodec.apply(.format(.sqlcipher4), key: try Self.key(), to: writer)
        try writer.execute(LedgerFixture.schema)
        try LedgerFixture.commit(writer, transactions: 1, rowsPerTransaction: 60, firstID: 1)
        let committed = try #require(try LedgerFixture.contents(of: writer))
        // A tiny page cache makes SQLite write changed pages into the main file before the commit.
        _ = try writer.scalar("PRAGMA cache_size = 2")
        try writer.execute("BEGIN")
        try writer.run("UPDATE ledger SET note = upper(note)")
        for index in 0..<300 { try writer.run("INSERT INTO ledger(note) VALUES (?)", [.text(String(repeating: "uncommitted \(index) ", count: 20))]) }
        let folder = Self.base.appendingPathComponent("driverport-encrypted-hot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Run(folder, image: nil)
        for suffix in ["", "-journal"] { try FileManager.default.copyItem(atPath: source + suffix, toPath: run.legacy + suffix) }
        try writer.execute("ROLLBACK")
        #expect(UntouchedReader.isHotJournalCandidate(atPath: run.legacy + "-journal"))
        let child = try run.spawn(pauseAt: nil)
        #expect(child.waitUntilExited() == .exited(0), "\(child.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.legacy) && !FileManager.default.fileExists(atPath: run.legacy + "-journal"))
        #expect(!FileManager.default.fileExists(atPath: run.destination + "-journal"), "settled before the move")
        let connection = try Self.open(run.destination)
        defer { connection.close() }
        #expect(try LedgerFixture.contents(of: connection) == committed)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
    }

    @Test("SIGKILL at random moments: the next run finishes the move with every committed row, under the same key")
    func killedAtRandomMoments() throws {
        let image = try Image()
        let folder = Self.base.appendingPathComponent("driverport-encrypted-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SystemRandomNumberGenerator()
        let runs = RelocationCrashTests.soak ? 300 : 12
        for index in 0..<runs {
            let run = try Run(folder + "/random-\(index)", image: image)
            let child = try run.spawn(pauseAt: .started)
            guard child.waitUntilStoppedOrExited() == .stopped else {
                Issue.record("run \(index): the child did not stop at .started: \(child.standardError)")
                continue
            }
            child.send(SIGCONT)
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            child.send(SIGKILL)
            _ = child.waitUntilExited()
            try run.verifyAfterKill("random kill \(index)", expected: image.expected)
        }
    }
}

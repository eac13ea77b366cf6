import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine
import Synchronization
import TestSupport
import Testing

/// `UpgradeCrashTests` on encrypted files: a `driverport upgrade --key-env` child killed with SIGKILL leaves a
/// consistent file of the last committed version under the same key and cipher (equal, schema and rows, to a clean
/// plain upgrade to that version), its backup is the encrypted original byte for byte, and a rerun with the key
/// finishes the upgrade. The 0.9.7 file encrypted as old MMEX desktop did (AES-128) and as MMEX does today
/// (SQLCipher 4, raw key so that each child does not spend its time in the KDF). More runs with `DRIVERPORT_SOAK=1`.
@Suite("Interrupted upgrades of encrypted files", .serialized, .needsSharedData)
struct EncryptedUpgradeCrashTests {
    static let passphrase = "upgrade-crash passphrase"
    static let rawKey = "x'" + String(repeating: "5a17", count: 16) + "'"
    static let environment = ["DP_UPGRADE_KEY": passphrase, "DP_UPGRADE_RAW": rawKey]

    /// The 0.9.7 file encrypted in `format` with the key in `variable` (made once per format), copied to a new folder.
    static func encryptedV0(_ folder: TemporaryDirectory, format: CipherFormat, variable: String) throws -> (String, Data) {
        let original = try originals.withLock { cache in
            if let data = cache[format] { return data }
            let scratch = TemporaryDirectory("encrypted-original")
            let plain = try scratch.copy(UpgradeFixtures.realV0, as: "plain.mmb")
            let source = try EngineConnection(path: plain, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
            defer { source.close() }
            try PageCodec.apply(.none, key: nil, to: source)
            let encrypted = scratch.path("money.emb")
            let key = try CipherKey.parsing(environment[variable] ?? "")
            try DatabaseCopy.export(from: source, to: encrypted, as: CipherTarget(format: format, key: key))
            let data = try Data(contentsOf: URL(fileURLWithPath: encrypted))
            cache[format] = data
            return data
        }
        let path = folder.path("money.emb")
        try original.write(to: URL(fileURLWithPath: path))
        return (path, original)
    }

    private static let originals = Mutex<[CipherFormat: Data]>([:])
    private static let sharedReferences = Mutex<ReferenceStates?>(nil)

    /// The clean upgrade states, computed once for the suite.
    static func references() throws -> ReferenceStates {
        try sharedReferences.withLock { cached in
            if let cached { return cached }
            let made = try ReferenceStates()
            cached = made
            return made
        }
    }

    /// The file's state, opened read-write through the codec with `key` (a hot journal is rolled back), and its format.
    static func state(of path: String, key: String) throws -> (FileState, CipherFormat?) {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
        defer { connection.close() }
        let applied = try PageCodec.apply(.auto, key: try CipherKey.parsing(key), to: connection)
        let state = FileState(
            userVersion: try connection.userVersion, schema: try UpgradeFixtures.schema(connection),
            rows: try UpgradeFixtures.rows(connection)
        )
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        return (state, applied.format)
    }

    @Test("an encrypted upgrade killed at a known phase leaves a consistent file under the same key; a rerun finishes it",
          arguments: [CipherFormat.aes128, .sqlcipher4])
    func killAtPhases(_ format: CipherFormat) throws {
        let references = try Self.references()
        let points = Self.soakPoints ?? ["backup", "committed:15", "applied:21"]
        for point in points {
            let folder = TemporaryDirectory("encrypted-crash")
            let variable = format == .aes128 ? "DP_UPGRADE_KEY" : "DP_UPGRADE_RAW"
            let (path, original) = try Self.encryptedV0(folder, format: format, variable: variable)
            let stopped = try ChildUpgrade.runAndKill(
                path: path, pauseAt: point, extraArguments: ["--key-env", variable], extraEnvironment: Self.environment
            )
            #expect(stopped, "the child did not pause at \(point)")
            try verifyKilledFile(path, format: format, variable: variable, original: original, references: references, label: "\(format) \(point)")
        }
    }

    @Test("encrypted upgrades killed at random moments always leave a consistent file that a rerun finishes")
    func killAtRandomMoments() throws {
        let references = try Self.references()
        var generator = SystemRandomNumberGenerator()
        let runs = UpgradeCrashTests.soak ? 100 : 4
        for run in 0..<runs {
            let folder = TemporaryDirectory("encrypted-crash")
            let (path, original) = try Self.encryptedV0(folder, format: .sqlcipher4, variable: "DP_UPGRADE_RAW")
            let delay = Int.random(in: 0...260, using: &generator)
            _ = try ChildUpgrade.runAndKill(
                path: path, pauseAt: nil, phaseDelayMilliseconds: 3, killAfterMilliseconds: delay,
                extraArguments: ["--key-env", "DP_UPGRADE_RAW"], extraEnvironment: Self.environment
            )
            try verifyKilledFile(
                path, format: .sqlcipher4, variable: "DP_UPGRADE_RAW", original: original, references: references,
                label: "run \(run), kill after \(delay) ms"
            )
        }
    }

    /// Every pause point at soak length; `nil` (a short list) otherwise.
    static var soakPoints: [String]? { UpgradeCrashTests.soak ? UpgradeCrashTests.pausePoints : nil }

    private func verifyKilledFile(
        _ path: String, format: CipherFormat, variable: String, original: Data, references: ReferenceStates, label: String
    ) throws {
        let key = Self.environment[variable] ?? ""
        let (state, found) = try Self.state(of: path, key: key)
        #expect(found == format, "\(label): the file is still \(format) under the same key")
        let reference = try #require(references.states[state.userVersion], "\(label): no reference for \(state.userVersion)")
        #expect(state == reference, "\(label): the file at version \(state.userVersion) differs from a clean upgrade to it")
        let header = try #require(FileHandle(forReadingAtPath: path)).readData(ofLength: 16)
        #expect(header != Data("SQLite format 3\0".utf8), "\(label): still encrypted")

        let rerun = try DriverPortBinary.run(["upgrade", path, "--key-env", variable], environment: Self.environment)
        #expect(rerun.exitCode == 0, "\(label): \(rerun.standardError)")
        #expect(try Self.state(of: path, key: key).0 == references.states[21], "\(label): the rerun did not finish")
        for backup in UpgradeBackup.existing(for: path) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == original, "\(label): \(backup)")
        }
    }
}

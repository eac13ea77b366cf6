import Foundation
import MMEXModel
import TestSupport

/// The committed fixtures and their keys.
enum CommittedFixture {
    static let passphrase = "driverport-fixture-key"

    static func path(_ name: String) -> String {
        SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(name)").path
    }

    static let plain = path("mmex-200.mmb")
    static let sqlcipher4 = path("mmex-200-sqlcipher4.emb")
    static let aes128 = path("mmex-200-aes128.emb")

    static var key: DatabaseKey { DatabaseKey(passphrase: passphrase) }

    /// The SQLCipher 4 fixture's raw key (`x'<key><salt>'`: PBKDF2-HMAC-SHA512, 256000 rounds, over the file's salt),
    /// derived once here so that differential runs, which open dozens of connections, skip the key derivation each
    /// connection would otherwise repeat. The passphrase path is proven by the session tests.
    static func sqlcipher4RawKey() throws -> DatabaseKey {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import hashlib, sys
            salt = open(sys.argv[1], 'rb').read(16)
            key = hashlib.pbkdf2_hmac('sha512', sys.argv[2].encode(), salt, 256000, 32)
            print("x'" + key.hex() + salt.hex() + "'", end='')
            """,
            sqlcipher4, passphrase,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return DatabaseKey(passphrase: [UInt8](data), cipher: .sqlcipher4)
    }
}

/// The fingerprint of a file's folder, to prove a run left the source alone.
func fingerprint(ofFolderOf path: String) -> [String: Data] {
    folderFingerprint(URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// A scratch folder for differential runs: in memory (`/dev/shm`) when the machine has it, since every write unit of
/// work syncs its copy and a busy disk would dominate the run; removed when released.
final class ScratchDirectory: @unchecked Sendable {
    // @unchecked: `url` is immutable after init; deinit only removes the folder.
    let url: URL

    init() {
        var isDirectory: ObjCBool = false
        let base = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        url = base.appendingPathComponent("driverport-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

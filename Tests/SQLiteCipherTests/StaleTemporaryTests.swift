import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// A killed export or rekey leaves its temporary copy beside the file; the next one removes it, and only it.
@Suite("temporary copies a killed run left behind")
struct StaleTemporaryTests {
    /// The id of a process that has exited (and been reaped).
    private func exitedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// Writes a file standing for a temporary copy, with its modification time `age` seconds ago.
    private func plant(_ path: String, age: TimeInterval) throws {
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
    }

    @Test("a rekey removes an abandoned copy and its sidecars, keeps a live or recent one and other files")
    func rekeyRemovesOnlyAbandonedCopies() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db.emb")
        let key = try CipherFixtures.rawKey()
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 50)
        let dead = try exitedProcessID()
        let abandoned = folder.path(".db.emb.driverport-\(dead)-0badc0de.tmp")
        try plant(abandoned, age: 3600)
        try plant(abandoned + "-journal", age: 3600)
        let recent = folder.path(".db.emb.driverport-\(dead)-0000beef.tmp")
        try plant(recent, age: 5)
        let live = folder.path(".db.emb.driverport-1-0000cafe.tmp")  // pid 1 runs as long as the machine does
        try plant(live, age: 3600)
        let otherFile = folder.path(".other.emb.driverport-\(dead)-0badc0de.tmp")
        try plant(otherFile, age: 3600)

        let newKey = try CipherKey(passphrase: "a new one")
        try DatabaseRekey.rekey(path, key: key, newKey: newKey)

        #expect(FileBytes.names(in: folder.url) == [
            ".db.emb.driverport-\(dead)-0000beef.tmp", ".db.emb.driverport-1-0000cafe.tmp",
            ".other.emb.driverport-\(dead)-0badc0de.tmp", "db.emb",
        ])
        #expect(rowDifference(try CipherFixtures.rows(path, key: newKey), rows) == "")
    }

    @Test("an export removes an abandoned copy of its destination before writing it")
    func exportRemovesAbandonedCopy() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(source, format: .sqlcipher4, key: key, rows: 20)
        let dead = try exitedProcessID()
        let abandoned = folder.path(".plain.db.driverport-\(dead)-12345678.tmp")
        try plant(abandoned, age: 3600)
        let (connection, _) = try CipherFixtures.open(source, key: key)
        defer { connection.close() }
        try DatabaseCopy.export(from: connection, to: folder.path("plain.db"), as: .plain)
        #expect(FileBytes.names(in: folder.url) == ["plain.db", "source.emb"])
    }
}

import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

@Suite("CLI writing and full or read-only disks: clear errors, exit codes, no half-made file")
struct CLIOutputAndDiskTests {
    /// An output path `create` must refuse, and how to make it.
    struct BadOutput: Sendable, CustomTestStringConvertible {
        let name: String
        let expectedText: String
        let make: @Sendable (URL) throws -> String
        var testDescription: String { name }
    }

    static let badOutputs: [BadOutput] = [
        BadOutput(name: "an existing file", expectedText: "already exists") { folder in
            let path = folder.appendingPathComponent("taken.mmb").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
            return path
        },
        BadOutput(name: "an existing folder", expectedText: "already exists") { folder in
            let path = folder.appendingPathComponent("folder.mmb").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            return path
        },
        BadOutput(name: "a dangling symlink", expectedText: "already exists") { folder in
            let path = folder.appendingPathComponent("link.mmb").path
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".target")
            return path
        },
        BadOutput(name: "a folder that does not exist", expectedText: "no such file or directory") { folder in
            folder.appendingPathComponent("no/such/folder/new.mmb").path
        },
        BadOutput(name: "a path under a regular file", expectedText: "not a directory") { folder in
            let file = folder.appendingPathComponent("plain.txt").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            return file + "/new.mmb"
        },
    ]

    @Test("create refuses an output it cannot make: exit 73, one line, nothing created or changed", arguments: badOutputs)
    func createRefuses(output: BadOutput) throws {
        let folder = TemporaryDirectory("create-bad")
        let path = try output.make(folder.url)
        let before = FileTreeSnapshot(folder.url)
        let result = try DriverPortBinary.run(["create", path, "--sample"], timeout: 60)
        #expect(!result.crashed)
        #expect(result.exitCode == 73, "\(output.name): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.hasPrefix("driverport create: "))
        #expect(result.standardError.contains(output.expectedText), "\(result.standardError)")
        #expect(FileTreeSnapshot(folder.url).differences(from: before).isEmpty)
    }

    @Test("create on a full disk: exit 74 naming the full disk, and no file or sidecar left behind")
    func createOnFullDisk() throws {
        guard let disk = ScratchMount.make(sizeKiB: 64) else {
            print("skipped: cannot mount a tmpfs here (needs root)")
            return
        }
        let result = try DriverPortBinary.run(["create", disk.path("new.mmb"), "--sample"], timeout: 60)
        #expect(result.exitCode == 74, "\(result.standardError)")
        #expect(result.standardError.contains("disk is full"), "\(result.standardError)")
        #expect(FileTreeSnapshot(disk.url).entries.isEmpty)
    }

    @Test("create on a read-only file system (read-only even for root): exit 73 naming it")
    func createOnReadOnlyFileSystem() throws {
        guard let disk = ScratchMount.make(sizeKiB: 256), disk.makeReadOnly() else {
            print("skipped: cannot mount a read-only tmpfs here (needs root)")
            return
        }
        let result = try DriverPortBinary.run(["create", disk.path("new.mmb")], timeout: 60)
        #expect(result.exitCode == 73, "\(result.standardError)")
        #expect(result.standardError.contains("read-only file system"), "\(result.standardError)")
    }

    @Test("a sample that does not fit removes the half-made file (creator's populate step under an injected SQLITE_FULL)")
    func failedPopulateLeavesNothing() throws {
        let folder = TemporaryDirectory.inMemory("create-fault")
        let vfs = try FaultInjectingVFS()
        let path = folder.path("new.mmb")
        #expect(throws: SQLiteError.self) {
            try MMEXFileCreator.create(at: path, vfs: vfs.name, populate: { connection in
                vfs.arm(.init(kinds: [.write], nth: 1, errorCode: ResultCode.full, persistent: true))
                try connection.execute("INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('x', -1)")
            })
        }
        vfs.disarm()
        #expect(FileTreeSnapshot(folder.url).entries.isEmpty)
    }

    @Test("every readable corpus file on a read-only file system reads fine and stays unchanged")
    func readableInputsOnReadOnlyFileSystem() throws {
        guard let disk = ScratchMount.make(sizeKiB: 8192) else {
            print("skipped: cannot mount a tmpfs here (needs root)")
            return
        }
        let readable = BadInputCorpus.plain.filter { if case .readable = $0.expectation { true } else { false } }
        var paths: [(BadInput, String)] = []
        for (index, input) in readable.enumerated() {
            let folder = disk.url.appendingPathComponent("\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            paths.append((input, try input.build(in: folder)))
        }
        #expect(disk.makeReadOnly())
        let before = FileTreeSnapshot(disk.url)
        for (input, path) in paths {
            for command in [["inspect", "--json"], ["dump"]] {
                let result = try DriverPortBinary.run(command + [path], timeout: 60)
                #expect(result.exitCode == 0, "\(command) \(input.name): \(result.standardError)")
            }
        }
        #expect(FileTreeSnapshot(disk.url).differences(from: before).isEmpty)
    }

    @Test("a WAL file whose private copy does not fit in TMPDIR: exit 74 with the reason, no leftovers, input unchanged")
    func privateCopyOnFullTemporaryFolder() throws {
        guard let temporary = ScratchMount.make(sizeKiB: 64) else {
            print("skipped: cannot mount a tmpfs here (needs root)")
            return
        }
        let folder = TemporaryDirectory("wal-input")
        let path = folder.path("big.mmb")
        try BadInputCorpus.makeWALWithCommits(at: path)
        let connection = try EngineConnection(path: path)
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        try connection.run("INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES (?, -1)", [.text(String(repeating: "w", count: 200_000))])
        // Keep the WAL: copy the pair while the connection is open, as a running app leaves it.
        let input = TemporaryDirectory("wal-input-copy")
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: input.path("live.mmb" + suffix)) }
        connection.close()
        let before = FileTreeSnapshot(input.url)
        let result = try DriverPortBinary.run(["inspect", input.path("live.mmb")], environment: ["TMPDIR": temporary.url.path], timeout: 60)
        #expect(result.exitCode == 74, "\(result.standardError)")
        #expect(result.standardError.contains("no space left on device"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(FileTreeSnapshot(temporary.url).entries.isEmpty)
        #expect(FileTreeSnapshot(input.url).differences(from: before).isEmpty)
    }
}

@Suite("Readers see the last committed state of a file in any state, without writing")
struct CommittedStateReadTests {
    @Test("a hot journal is rolled back in a private copy: dump shows the committed rows, not the interrupted write")
    func hotJournalIsRolledBackInACopy() throws {
        let folder = TemporaryDirectory("hot")
        let path = folder.path("hot.mmb")
        try BadInputCorpus.makeHotJournal(at: path)
        let before = FileTreeSnapshot(folder.url)
        let result = try DriverPortBinary.run(["dump", path, "--table", "CURRENCYFORMATS_V1"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("US dollar") || result.standardOutput.contains("USD"))
        #expect(!result.standardOutput.contains("interrupted write"))
        #expect(FileTreeSnapshot(folder.url).differences(from: before).isEmpty)
    }

    @Test("a WAL's committed transactions are seen and the WAL stays as it was")
    func walCommitsAreSeen() throws {
        let folder = TemporaryDirectory("wal")
        let path = folder.path("wal.mmb")
        try BadInputCorpus.makeWALWithCommits(at: path)
        let before = FileTreeSnapshot(folder.url)
        let result = try DriverPortBinary.run(["dump", path, "--table", "PAYEE_V1"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Only in the WAL"))
        #expect(FileTreeSnapshot(folder.url).differences(from: before).isEmpty)
    }
}

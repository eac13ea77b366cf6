import FileLifecycle
import Foundation
import TestSupport
import Testing

/// Seed 002: reinstalling an app renamed its data container (`Data/Application/4DE73F62…` became
/// `Data/Application/2C5B5925…`); device and inode numbers stayed. Here a database and its attachment folder are
/// renamed the same way, between two "launches".
@Suite("Path identity across a container rename")
struct ContainerRenameTests {
    /// A container with a database, an attachment, and a folder below the root that carries the root's name.
    struct Container {
        let base: TemporaryDirectory
        let oldRoot: URL
        let newRoot: URL

        init() throws {
            base = TemporaryDirectory("driverport-container")
            oldRoot = base.url.appendingPathComponent("Data/Application/4DE73F62/Library/Application Support/Spark")
            newRoot = base.url.appendingPathComponent("Data/Application/2C5B5925/Library/Application Support/Spark")
            let manager = FileManager.default
            try manager.createDirectory(at: oldRoot.appendingPathComponent("Attachments"), withIntermediateDirectories: true)
            try manager.createDirectory(at: oldRoot.appendingPathComponent("Spark"), withIntermediateDirectories: true)
            try LedgerFixture.makeWAL(at: oldRoot.appendingPathComponent("ledger.db").path, rows: 12)
            try Data("photo bytes".utf8).write(to: oldRoot.appendingPathComponent("Attachments/photo.jpg"))
            try Data("nested".utf8).write(to: oldRoot.appendingPathComponent("Spark/notes.txt"))
        }

        /// What an app update does: the container folder is renamed; nothing inside changes.
        func update() throws {
            try FileManager.default.moveItem(
                at: base.url.appendingPathComponent("Data/Application/4DE73F62"),
                to: base.url.appendingPathComponent("Data/Application/2C5B5925")
            )
        }
    }

    static let files = ["ledger.db", "Attachments", "Attachments/photo.jpg", "Spark/notes.txt"]

    @Test("device and inode identify the database, the attachment folder and its files after the rename")
    func identitySurvivesTheRename() throws {
        let container = try Container()
        let before = Self.files.map { FileIdentity(url: container.oldRoot.appendingPathComponent($0)) }
        #expect(before.allSatisfy { $0 != nil })
        #expect(Set(before.compactMap { $0 }).count == Self.files.count, "each file has its own identity")
        try container.update()
        #expect(!FileManager.default.fileExists(atPath: container.oldRoot.path), "the old container path is gone")
        let after = Self.files.map { FileIdentity(url: container.newRoot.appendingPathComponent($0)) }
        #expect(after == before)
    }

    @Test("absolute paths an older build stored resolve inside the new root, to the same files")
    func absolutePathsAreRebased() throws {
        let container = try Container()
        let stored = Self.files.map { container.oldRoot.appendingPathComponent($0).path }
        let identities = Self.files.map { FileIdentity(url: container.oldRoot.appendingPathComponent($0)) }
        try container.update()

        let root = DataRoot(container.newRoot)
        for (index, path) in stored.enumerated() {
            #expect(root.needsRewrite(path))
            let resolved = try #require(root.resolve(path), "\(path)")
            #expect(resolved.path == container.newRoot.appendingPathComponent(Self.files[index]).path)
            #expect(root.storedForm(of: resolved) == Self.files[index], "inside the new root")
            #expect(FileIdentity(url: resolved) == identities[index], "\(Self.files[index])")
        }
        // The database opens at its rebased path with its rows.
        let database = try #require(root.resolve(stored[0]))
        #expect(try LedgerFixture.contents(at: database.path)?.rows == 12)
    }

    @Test("relative stored paths need no rewrite and resolve inside the new root")
    func relativePathsSurvive() throws {
        let container = try Container()
        let oldRoot = DataRoot(container.oldRoot)
        let stored = try Self.files.map { try #require(oldRoot.storedForm(of: container.oldRoot.appendingPathComponent($0))) }
        #expect(stored == Self.files)
        try container.update()
        let root = DataRoot(container.newRoot)
        for (index, relative) in stored.enumerated() {
            #expect(!root.needsRewrite(relative))
            let resolved = try #require(root.resolve(relative))
            #expect(resolved.path == container.newRoot.appendingPathComponent(Self.files[index]).path)
            #expect(FileManager.default.fileExists(atPath: resolved.path))
        }
    }

    @Test("a folder below the root with the root's name stays part of the rebased path")
    func sameNamedSubfolderDoesNotConfuseTheRebase() throws {
        let container = try Container()
        let stored = container.oldRoot.appendingPathComponent("Spark/notes.txt").path
        try container.update()
        let resolved = try #require(DataRoot(container.newRoot).resolve(stored))
        #expect(resolved.path == container.newRoot.appendingPathComponent("Spark/notes.txt").path)
        #expect(try String(contentsOf: resolved, encoding: .utf8) == "nested")
        // Taking the last occurrence instead would have pointed at the root's own notes.txt, which does not exist.
        #expect(!FileManager.default.fileExists(atPath: container.newRoot.appendingPathComponent("notes.txt").path))
    }

    @Test("a root whose own ancestors carry its name: a path inside today's root is taken as it is")
    func ancestorWithTheRootName() {
        let root = DataRoot(URL(fileURLWithPath: "/data/Spark/Library/Spark"))
        #expect(root.resolve("/data/Spark/Library/Spark/a/b.txt")?.path == "/data/Spark/Library/Spark/a/b.txt")
        #expect(root.storedForm(of: URL(fileURLWithPath: "/data/Spark/Library/Spark/a/b.txt")) == "a/b.txt")
    }

    @Test("paths outside the root: no stored form, absolute ones stay as they are, relative ones cannot climb out")
    func outsideTheRoot() {
        let root = DataRoot(URL(fileURLWithPath: "/var/mobile/Containers/Data/Application/NEW/Spark"))
        #expect(root.storedForm(of: URL(fileURLWithPath: "/tmp/export.csv")) == nil)
        #expect(root.storedForm(of: URL(fileURLWithPath: "/var/mobile/Containers/Data/Application/NEW/SparkOther/x")) == nil)
        #expect(root.resolve("/tmp/export.csv")?.path == "/tmp/export.csv")
        #expect(root.resolve("../escape.db") == nil)
        #expect(root.resolve("a/../../escape.db") == nil)
        #expect(root.resolve("a/./../b.db")?.path == "/var/mobile/Containers/Data/Application/NEW/Spark/b.db")
        #expect(root.resolve("")?.path == root.url.path)
    }
}

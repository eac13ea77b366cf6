import Foundation
import PersistenceSession
import Testing
import TodoLegacy
import TodoModel
import TodoReaderWriter
import TodoStore

@Suite("Opening to-do files")
struct SessionFileTests {
    @Test("every driver refuses a file that is not a to-do file with the same error, and leaves it as it was")
    func wrongKind() throws {
        let folder = try TemporaryFolder()
        let foreign = folder.path("foreign.sqlite")
        try RawFile.execute(at: foreign, "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)")
        let original = try Data(contentsOf: URL(fileURLWithPath: foreign))
        var errors: [String] = []
        for driver in DriverKind.allCases {
            do {
                let session = try TodoStore.open(at: foreign, driver: driver)
                try session.close()
                errors.append("\(driver) opened it")
            } catch {
                errors.append("\(error)")
            }
        }
        #expect(errors == Array(repeating: "\(foreign): not a to-do file (no lists table)", count: 3))
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == original)
        #expect(folder.files.filter { $0.hasPrefix("foreign") } == ["foreign.sqlite"])
    }

    @Test("every driver refuses a file of a newer schema version")
    func tooNew() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        let session = try TodoReaderWriterSession.create(at: path)
        try session.close()
        try RawFile.execute(at: path, "PRAGMA user_version = 7")
        for driver in DriverKind.allCases {
            #expect(throws: PersistenceError.schemaTooNew(path: path, found: 7, supported: 1)) {
                try TodoStore.open(at: path, driver: driver).close()
            }
        }
    }

    @Test("both drivers create the same schema and user_version")
    func sameSchema() throws {
        let folder = try TemporaryFolder()
        try TodoLegacySession.create(at: folder.path("legacy.sqlite")).close()
        try TodoReaderWriterSession.create(at: folder.path("queue.sqlite")).close()
        let query = "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name"
        #expect(try RawFile.texts(folder.path("legacy.sqlite"), query) == RawFile.texts(folder.path("queue.sqlite"), query))
        #expect(try RawFile.text(folder.path("queue.sqlite"), "PRAGMA user_version") == "1")
        #expect(try RawFile.text(folder.path("legacy.sqlite"), "PRAGMA user_version") == "1")
    }

    @Test("a read-only session reads and refuses every write unit, the same way on every driver", arguments: DriverKind.allCases)
    func readOnly(driver: DriverKind) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("todo.sqlite")
        let writer = try TodoLegacySession.create(at: path)
        _ = try writer.write { try $0.lists.createList(title: "kept", createdAt: Date(timeIntervalSince1970: 0)) }
        try writer.close()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let session = try TodoStore.open(at: path, driver: driver, access: .readOnly)
        #expect(try session.read { try $0.lists.lists().map(\.title) } == ["kept"])
        #expect(throws: PersistenceError.readOnly(path: path, detail: "the session was opened read-only")) {
            try session.write { try $0.lists.deleteList(id: 1) }
        }
        try session.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(folder.files == ["todo.sqlite"])
    }

    @Test("the pool puts the journal mode back and leaves no -wal or -shm beside the file")
    func poolSidecars() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("todo.sqlite")
        try TodoLegacySession.create(at: path).close()
        let pool = try TodoReaderWriterSession.openPool(at: path)
        _ = try pool.write { try $0.lists.createList(title: "a", createdAt: Date(timeIntervalSince1970: 0)) }
        try pool.close()
        #expect(folder.files == ["todo.sqlite"])
        #expect(try RawFile.text(path, "PRAGMA journal_mode") == "delete")
    }
}

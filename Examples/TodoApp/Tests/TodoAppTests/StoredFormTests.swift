import Foundation
import PersistenceSession
import Testing
import TodoLegacy
import TodoModel
import TodoStore

/// What lands in the file: the port keeps the legacy side's stored forms for dates, UUIDs and booleans on every
/// driver (see `StoredForms` in TodoReaderWriter).
@Suite("Stored forms")
struct StoredFormTests {
    /// 2026-03-01 12:34:56.789 UTC: a time of day and milliseconds, which a day-only form drops.
    static let instant = Date(timeIntervalSince1970: 1_772_368_496.789)

    /// Writes one list and one item with `driver` into a new file and returns the raw stored texts.
    static func stored(by driver: DriverKind, in folder: TemporaryFolder) throws -> [String?] {
        let path = folder.path("\(driver).sqlite")
        try TodoLegacySession.create(at: path).close()
        let session = try TodoStore.open(at: path, driver: driver)
        try session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: instant)
            var item = SessionFixture.item(0xAB, list: 1, "x", done: true)
            item.dueDate = instant
            _ = try context.items.addItem(item)
        }
        try session.close()
        return [
            try RawFile.text(path, "SELECT createdAt FROM lists"), try RawFile.text(path, "SELECT typeof(createdAt) FROM lists"),
            try RawFile.text(path, "SELECT dueDate FROM items"), try RawFile.text(path, "SELECT id FROM items"),
            try RawFile.text(path, "SELECT typeof(id) FROM items"), try RawFile.text(path, "SELECT typeof(isDone) || isDone FROM items"),
            try RawFile.text(path, "SELECT typeof(priority) FROM items"),
        ]
    }

    @Test("the legacy driver stores the date form the port keeps (StoredForms.legacyDateForm)")
    func legacyDriverStoresTheDateFormThePortKeeps() throws {
        let folder = try TemporaryFolder()
        let legacy = try Self.stored(by: .legacy, in: folder)
        let queue = try Self.stored(by: .queue, in: folder)
        // If this fails after a change of the legacy driver's Date encoding, set StoredForms.legacyDateForm to the form
        // the legacy column shows (isoDay: yyyy-MM-dd; sqliteSwift: yyyy-MM-dd'T'HH:mm:ss.SSS).
        #expect(queue[0] == legacy[0], "legacy stores \(legacy[0] ?? "NULL"), the port writes \(queue[0] ?? "NULL")")
        #expect(queue[2] == legacy[2])
    }

    @Test("every driver stores dates as text, ids as uuidString text, booleans as integers", arguments: DriverKind.allCases)
    func forms(driver: DriverKind) throws {
        let folder = try TemporaryFolder()
        let stored = try Self.stored(by: driver, in: folder)
        #expect(stored[1] == "text")
        #expect(stored[3] == "AB000000-0000-4000-8000-0000000000AB")
        #expect(stored[4] == "text")
        #expect(stored[5] == "integer1")
        #expect(stored[6] == "real")
        #expect(stored[0]?.hasPrefix("2026-03-01") == true)
    }
}

import Foundation
import PersistenceSession
import TodoLegacy
import TodoModel
import TodoStore

/// A new, empty to-do file (made by the legacy session, as the app makes one today) opened on `driver`.
struct SessionFixture {
    let folder: TemporaryFolder
    let path: String
    let session: TodoSession

    init(_ driver: DriverKind) throws {
        folder = try TemporaryFolder()
        path = folder.path("todo.sqlite")
        try TodoLegacySession.create(at: path).close()
        session = try TodoStore.open(at: path, driver: driver)
    }

    static let day = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01 UTC

    static func item(_ n: UInt8, list: Int64, _ title: String, priority: Double = 0, done: Bool = false) -> TodoItem {
        TodoItem(
            id: UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n)), listId: list, title: title,
            priority: priority, isDone: done
        )
    }
}

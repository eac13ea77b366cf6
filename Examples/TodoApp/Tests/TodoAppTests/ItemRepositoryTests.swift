import Foundation
import PersistenceSession
import Testing
import TodoModel

@Suite("Items, on every driver")
struct ItemRepositoryTests {
    @Test("a list's items: open first, then priority high to low, then title ignoring case", arguments: DriverKind.allCases)
    func order(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let titles = try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            for item in [
                SessionFixture.item(1, list: 1, "b", priority: 1), SessionFixture.item(2, list: 1, "A", priority: 1),
                SessionFixture.item(3, list: 1, "top", priority: 9, done: true),
                SessionFixture.item(4, list: 1, "c", priority: 2),
            ] {
                _ = try context.items.addItem(item)
            }
            return try context.items.items(inList: 1).map(\.title)
        }
        #expect(titles == ["c", "A", "b", "top"])
    }

    @Test("toggling flips the done flag and says nil for a missing item", arguments: DriverKind.allCases)
    func toggle(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let item = SessionFixture.item(1, list: 1, "x")
        let flips = try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            _ = try context.items.addItem(item)
            return [
                try context.items.toggleItem(id: item.id), try context.items.toggleItem(id: item.id),
                try context.items.toggleItem(id: UUID()),
            ]
        }
        #expect(flips == [true, false, nil])
    }

    @Test("search ignores ASCII case and matches % and _ as themselves", arguments: DriverKind.allCases)
    func search(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let found = try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            for (n, title) in ["Buy MILK", "pay 50% now", "pay 50 now", "file_a", "filexa"].enumerated() {
                _ = try context.items.addItem(SessionFixture.item(UInt8(n + 1), list: 1, title))
            }
            return [
                try context.items.search(title: "milk").map(\.title), try context.items.search(title: "50%").map(\.title),
                try context.items.search(title: "e_").map(\.title),
            ]
        }
        #expect(found == [["Buy MILK"], ["pay 50% now"], ["file_a"]])
    }

    @Test("due dates: on or before a day, earliest first", arguments: DriverKind.allCases)
    func due(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let due = try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            var later = SessionFixture.item(1, list: 1, "later")
            later.dueDate = SessionFixture.day.addingTimeInterval(5 * 86_400)
            var sooner = SessionFixture.item(2, list: 1, "sooner")
            sooner.dueDate = SessionFixture.day
            _ = try context.items.addItem(later)
            _ = try context.items.addItem(sooner)
            _ = try context.items.addItem(SessionFixture.item(3, list: 1, "never"))
            return try context.items.items(dueOnOrBefore: SessionFixture.day.addingTimeInterval(2 * 86_400)).map(\.title)
        }
        #expect(due == ["sooner"])
    }

    @Test("an item in a list that does not exist is refused as a foreign-key violation", arguments: DriverKind.allCases)
    func foreignKey(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        #expect {
            try fixture.session.write { try $0.items.addItem(SessionFixture.item(1, list: 7, "orphan")) }
        } throws: { error in
            guard case .constraintViolated(let violation) = error as? PersistenceError else { return false }
            return violation.kind == .foreignKey
        }
        #expect(try RawFile.text(fixture.path, "SELECT count(*) FROM items") == "0")
    }

    @Test("a repository kept after its unit of work refuses to run", arguments: DriverKind.allCases)
    func escapedRepository(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let escaped = try fixture.session.read { $0.items }
        #expect(throws: PersistenceError.self) { try escaped.items(inList: 1) }
    }
}

import MMEXModel
import MMEXSession
import PersistenceSession
import Testing

/// An in-memory INFOTABLE stand-in: just enough to exercise the shared accessors.
final class FakeInfoTable: InfoTableRepository, SettingsRepository {
    var rows: [InfoEntry]
    var settingsRows: [Setting]?
    var nextId: Int64 = 100

    init(_ rows: [InfoEntry], settings: [Setting]? = nil) {
        self.rows = rows
        self.settingsRows = settings
    }

    private func matches(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    func entries() throws -> [InfoEntry] { rows.sorted { $0.id < $1.id } }
    func entry(for key: InfoKey) throws -> InfoEntry? { rows.first { matches($0.name, key.rawValue) } }
    func setValue(_ value: String, for key: InfoKey) throws -> InfoEntry {
        if let index = rows.firstIndex(where: { matches($0.name, key.rawValue) }) {
            rows[index].value = value
            return rows[index]
        }
        nextId += 1
        rows.append(InfoEntry(id: nextId, name: key.rawValue, value: value))
        return rows[rows.count - 1]
    }
    func removeValue(for key: InfoKey) throws -> Bool {
        let before = rows.count
        rows.removeAll { matches($0.name, key.rawValue) }
        return rows.count != before
    }

    private func table() throws -> [Setting] {
        guard let settingsRows else { throw PersistenceError.missingTable(Setting.tableName) }
        return settingsRows
    }
    func isAvailable() throws -> Bool { settingsRows != nil }
    func settings() throws -> [Setting] { try table() }
    func setting(named name: String) throws -> Setting? { try table().first { matches($0.name, name) } }
    func setValue(_ value: String?, named name: String) throws -> Setting {
        _ = try table()
        let setting = Setting(id: 1, name: name, value: value)
        settingsRows = [setting]
        return setting
    }
    func removeSetting(named name: String) throws -> Bool { try !table().isEmpty }
}

@Suite("Repository contracts shared by both drivers")
struct RepositoryContractTests {
    @Test("typed infotable accessors parse the stored text the way MMEX writes it")
    func typedAccessors() throws {
        let table = FakeInfoTable([
            InfoEntry(id: 1, name: "DATAVERSION", value: "3"),
            InfoEntry(id: 2, name: "BaseCurrencyId", value: "2"),
            InfoEntry(id: 3, name: "CREATEDATE", value: "2026-04-22"),
            InfoEntry(id: 4, name: "USERNAME", value: "Wolf"),
        ])
        #expect(try table.dataVersion() == 3)
        #expect(try table.baseCurrencyId() == 2)
        #expect(try table.createDate()?.day == CalendarDay(year: 2026, month: 4, day: 22))
        #expect(try table.userName() == "Wolf")
        #expect(try table.dateFormat() == nil)
        #expect(try table.contains(.dataVersion))
        try table.setBaseCurrencyId(5)
        #expect(try table.value(for: .baseCurrencyId) == "5")
        #expect(try table.entry(for: .baseCurrencyId)?.name == "BaseCurrencyId", "the stored spelling is kept")
    }

    @Test("a typed accessor reports a value that is not an integer instead of guessing")
    func badIntegerIsReported() {
        let table = FakeInfoTable([InfoEntry(id: 1, name: "BASECURRENCYID", value: " 2")])
        let error = #expect(throws: InfoValueError.self) { try table.baseCurrencyId() }
        #expect(error == InfoValueError(key: .baseCurrencyId, storedValue: " 2", expected: "an integer"))
        #expect(error?.description == "INFOTABLE_V1 entry BASECURRENCYID holds \" 2\", not an integer")
    }

    @Test("a settings value distinguishes a missing setting from a stored NULL only through setting(named:)")
    func settingsNullAndMissing() throws {
        let table = FakeInfoTable([], settings: [Setting(id: 1, name: "THEME", value: nil)])
        #expect(try table.value(named: "theme") == nil)
        #expect(try table.setting(named: "theme") == Setting(id: 1, name: "THEME", value: nil))
        #expect(try table.setting(named: "other") == nil)
    }

    @Test("a file without SETTING_V1 is reported as a missing table, naming it")
    func missingSettingsTable() throws {
        let table = FakeInfoTable([], settings: nil)
        #expect(try !table.isAvailable())
        let error = #expect(throws: PersistenceError.self) { try table.settings() }
        #expect(error == .missingTable("SETTING_V1"))
        #expect(error?.description.contains("SETTING_V1") == true)
    }
}

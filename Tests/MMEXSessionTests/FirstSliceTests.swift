import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// The first slice's contract, on each session.
@Suite("Infotable and settings repositories")
struct FirstSliceTests {
    @Test("names match NOCASE (ASCII only); an update keeps the id and the stored spelling", arguments: Driver.allCases)
    func nocase(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let original = try #require(try session.read { try $0.infoTable.entry(for: "DATAVERSION") })
        #expect(try session.read { try $0.infoTable.entry(for: "dataversion") } == original)
        let updated = try session.write { try $0.infoTable.setValue("4", for: "DataVersion") }
        #expect(updated == InfoEntry(id: original.id, name: "DATAVERSION", value: "4"))
        _ = try session.write { try $0.infoTable.setValue("accent", for: "CAFÉ") }
        #expect(try session.read { try $0.infoTable.entry(for: "café") } == nil, "NOCASE folds ASCII letters only")
        #expect(try session.read { try $0.infoTable.value(for: "cafÉ") } == "accent")
        #expect(try session.write { try $0.infoTable.removeValue(for: "Café") } == false)
        #expect(try session.write { try $0.infoTable.removeValue(for: "cafÉ") } == true)
    }

    @Test("new entries get minted ids, skipping ids already in use", arguments: Driver.allCases)
    func mintedIds(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path, configuration: SessionConfiguration(minter: scriptedMinter([1, 1, 777_001, 1, 777_002])))
        let first = try session.write { try $0.infoTable.setValue("a", for: "DP_NEW_1") }
        let second = try session.write { try $0.settings.setValue(nil, named: "DP_NEW_2") }
        try session.close()
        #expect(first.id == 777_001, "INFOID 1 is DATAVERSION's: minted again")
        #expect(second.id == 777_002 || second.id == 1, "SETTINGID 1 may be free")
        #expect(try Files.scalar(path, "SELECT INFONAME FROM INFOTABLE_V1 WHERE INFOID = 777001") == .text("DP_NEW_1"))
    }

    @Test("values are stored exactly as text: '007' stays TEXT '007'", arguments: Driver.allCases)
    func exactText(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        try session.write { context in
            try context.infoTable.setValue("007", for: "DP_TEXT")
            try context.infoTable.setInteger(42, for: "DP_INT")
            try context.settings.setValue("1e3", named: "DP_TEXT")
        }
        #expect(try session.read { try $0.infoTable.value(for: "DP_TEXT") } == "007")
        #expect(try session.read { try $0.infoTable.integer(for: "DP_TEXT") } == 7, "read as a number only when asked")
        try session.close()
        #expect(try Files.scalar(path, "SELECT typeof(INFOVALUE) || ':' || INFOVALUE FROM INFOTABLE_V1 WHERE INFONAME = 'DP_TEXT'") == .text("text:007"))
        #expect(try Files.scalar(path, "SELECT typeof(INFOVALUE) || ':' || INFOVALUE FROM INFOTABLE_V1 WHERE INFONAME = 'DP_INT'") == .text("text:42"))
        #expect(try Files.scalar(path, "SELECT typeof(SETTINGVALUE) || ':' || SETTINGVALUE FROM SETTING_V1 WHERE SETTINGNAME = 'DP_TEXT'") == .text("text:1e3"))
    }

    @Test("a stored NULL setting is not a missing one", arguments: Driver.allCases)
    func nullSetting(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        _ = try session.write { try $0.settings.setValue(nil, named: "DP_NULL") }
        #expect(try session.read { try $0.settings.setting(named: "dp_null") }?.value == nil)
        #expect(try session.read { try $0.settings.setting(named: "dp_null") } != nil)
        #expect(try session.read { try $0.settings.setting(named: "DP_ABSENT") } == nil)
    }

    @Test("a desktop file without SETTING_V1: unavailable, missingTable, and the table is never created", .needsSharedData, arguments: Driver.allCases)
    func missingSettingsTable(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-empty.mmb"))
        let session = try driver.open(path)
        #expect(try session.read { try $0.settings.isAvailable() } == false)
        #expect(throws: PersistenceError.missingTable("SETTING_V1")) { try session.read { try $0.settings.settings() } }
        #expect(throws: PersistenceError.missingTable("SETTING_V1")) {
            _ = try session.write { try $0.settings.setValue("x", named: "THEME") }
        }
        #expect(throws: PersistenceError.missingTable("SETTING_V1")) {
            try session.write { try $0.settings.removeSetting(named: "THEME") }
        }
        #expect(try session.read { try $0.infoTable.userName() } == "Wolf")
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM sqlite_master WHERE name = 'SETTING_V1'") == .integer(0))
    }

    @Test("an old file whose INFONAME has no NOCASE collation still matches names NOCASE", .needsSharedData, arguments: Driver.allCases)
    func oldFileNocase(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("mmex-0.9.7.0-v0.mmb"))
        let session = try driver.open(path)
        defer { try? session.close() }
        #expect(try session.read { try $0.infoTable.entry(for: "username") }?.name == "USERNAME")
        #expect(try session.read { try $0.infoTable.baseCurrencyId() } == 11)
    }
}

import MMEXFiles
import Testing
import TestSupport

@Suite("inspect --check: known variants of real MMEX files, and what MMEX would not open")
struct SchemaVariantTests {
    @Test("every real file (desktop, sync, Android, 0.9.7) passes inspect --check; the output has no line over 100 characters",
          .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFilesPass(name: String) throws {
        let result = try DriverPortBinary.run(["inspect", SharedData.realFile(name).path, "--check"])
        #expect(result.exitCode == 0, "\(name): \(result.standardOutput)")
        #expect(result.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(result.standardOutput)")
    }

    private func check(missingTables: [String] = [], extraTables: [String] = [], missingColumns: [String] = [],
                       extraColumns: [String] = []) -> SchemaCheck {
        SchemaCheck(missingTables: missingTables, extraTables: extraTables, missingColumns: missingColumns,
                    extraColumns: extraColumns)
    }

    @Test("a desktop v21 file without SETTING_V1 and USAGE_V1 is the desktop variant, and MMEX opens it")
    func desktopFile() {
        let verdict = SchemaVerdict(schema: check(missingTables: ["SETTING_V1", "USAGE_V1"]), userVersion: 21)
        #expect(verdict.variants == [.desktopSettingsElsewhere])
        #expect(verdict.unexplained.isClean && verdict.mmexOpens)
    }

    @Test("mmex-sync's logs and PB_ columns are the sync variant; any other extra column is not")
    func syncFile() {
        let synced = SchemaVerdict(schema: check(extraTables: ["DELETED_LOG", "PB_DELETED_RECORDS_LOG"],
                                                 extraColumns: ["ACCOUNTLIST_V1.PB_ID", "TAG_V1.PB_UPDATED_AT"]), userVersion: 21)
        #expect(synced.variants == [.pocketBaseSync] && synced.mmexOpens)
        let other = SchemaVerdict(schema: check(extraColumns: ["ACCOUNTLIST_V1.PB_ID", "TAG_V1.MYSTERY"]), userVersion: 21)
        #expect(!other.mmexOpens)
        #expect(other.unexplained.extraColumns == ["TAG_V1.MYSTERY"])
    }

    @Test("a v21 file missing a table MMEX needs, or newer than 21, is one MMEX would not open")
    func refused() {
        #expect(!SchemaVerdict(schema: check(missingTables: ["INFOTABLE_V1"]), userVersion: 21).mmexOpens)
        let future = SchemaVerdict(schema: check(), userVersion: 22)
        #expect(future.tooNew && !future.mmexOpens)
    }

    @Test("an older MMEX file is upgradable; an older file without MMEX's core tables is not MMEX")
    func olderFiles() {
        let old = SchemaVerdict(schema: check(missingTables: ["TAG_V1"], extraTables: ["SUBCATEGORY_V1"]), userVersion: 0)
        #expect(old.upgradable && old.mmexOpens && old.variants.isEmpty)
        let notMMEX = SchemaVerdict(schema: check(missingTables: ["ACCOUNTLIST_V1", "CHECKINGACCOUNT_V1", "INFOTABLE_V1"],
                                                  extraTables: ["NOTES"]), userVersion: 0)
        #expect(!notMMEX.upgradable && !notMMEX.mmexOpens)
    }
}

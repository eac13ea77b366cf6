import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver

/// `SETTING_V1` on the reader/writer driver (SQL and records). Files written by MMEX desktop and Android have no
/// such table: then ``isAvailable()`` is `false` and every other call throws ``PersistenceError/missingTable(_:)``;
/// the table is never created behind the user's back.
final class ReaderWriterSettingsRepository: SettingsRepository {
    let unit: ReaderWriterUnit
    /// Whether the table exists, asked once per repository value (a context vends a fresh one on each access; the
    /// schema does not change inside a unit of work).
    private var available: Bool?

    init(unit: ReaderWriterUnit) {
        self.unit = unit
    }

    func isAvailable() throws -> Bool {
        try unit.run { db in
            if let available { return available }
            let count = try Int64.fetchOne(
                db,
                sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                arguments: [Setting.tableName]
            ) ?? 0
            available = count > 0
            return count > 0
        }
    }

    private func requireTable() throws {
        guard try isAvailable() else { throw PersistenceError.missingTable(Setting.tableName) }
    }

    func settings() throws -> [Setting] {
        try requireTable()
        return try unit.run { db in
            try SettingRecord.fetchAll(db.cachedStatement(sql: SettingRecord.selection + " ORDER BY SETTINGID"))
                .map(\.setting)
        }
    }

    func setting(named name: String) throws -> Setting? {
        try requireTable()
        return try unit.run { db in
            let statement = try db.cachedStatement(
                sql: SettingRecord.selection + " WHERE SETTINGNAME = ? COLLATE NOCASE ORDER BY SETTINGID LIMIT 1"
            )
            return try SettingRecord.fetchOne(statement, arguments: [name])?.setting
        }
    }

    func setValue(_ value: String?, named name: String) throws -> Setting {
        if var existing = try setting(named: name) {
            try unit.run { db in
                try db.execute(sql: "UPDATE SETTING_V1 SET SETTINGVALUE = ? WHERE SETTINGID = ?", arguments: [value, existing.id])
            }
            existing.value = value
            return existing
        }
        return try unit.run { db in
            let id = try IdentifierMinting.newID(from: unit.minter, table: Setting.tableName) { candidate in
                try Int64.fetchOne(db, sql: "SELECT SETTINGID FROM SETTING_V1 WHERE SETTINGID = ?", arguments: [candidate]) != nil
            }
            try db.execute(
                sql: "INSERT INTO SETTING_V1 (SETTINGID, SETTINGNAME, SETTINGVALUE) VALUES (?, ?, ?)",
                arguments: [id, name, value]
            )
            return Setting(id: id, name: name, value: value)
        }
    }

    func removeSetting(named name: String) throws -> Bool {
        try requireTable()
        return try unit.run { db in
            try db.execute(sql: "DELETE FROM SETTING_V1 WHERE SETTINGNAME = ? COLLATE NOCASE", arguments: [name])
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.settings`).
extension SettingsRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any SettingsReading {
        ReaderWriterSettingsRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any SettingsRepository {
        ReaderWriterSettingsRepository(unit: unit)
    }
}

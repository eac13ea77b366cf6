import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession

/// `SETTING_V1` on the legacy driver (query builder). Files written by MMEX desktop and Android have no such
/// table: then ``isAvailable()`` is `false` and every other call throws ``PersistenceError/missingTable(_:)``.
final class LegacySettingsRepository: SettingsRepository {
    let unit: LegacyUnit
    private typealias Columns = SettingColumns
    /// Whether the table exists, asked once per repository value (a context vends a fresh one on each access; the
    /// schema does not change inside a unit of work).
    private var available: Bool?

    init(unit: LegacyUnit) {
        self.unit = unit
    }

    private var selection: Table {
        Columns.table.select(Columns.id, Columns.settingName, Columns.value)
    }

    private func setting(_ row: Row) throws -> Setting {
        try unit.read(Columns.name) { () throws(LegacyError) in
            Setting(id: try row.get(Columns.id), name: try row.get(Columns.settingName), value: try row.get(Columns.value))
        }
    }

    private func named(_ name: String) -> Expression<Bool> {
        Columns.settingName.collate(.nocase) == name
    }

    func isAvailable() throws -> Bool {
        try unit.run {
            if let available { return available }
            let query = SchemaColumns.table.filter(
                SchemaColumns.type == "table" && SchemaColumns.name.collate(.nocase) == Columns.name
            )
            let found = try unit.db.scalar(query.count) > 0
            available = found
            return found
        }
    }

    private func requireTable() throws {
        guard try isAvailable() else { throw PersistenceError.missingTable(Columns.name) }
    }

    func settings() throws -> [Setting] {
        try requireTable()
        return try unit.run { try unit.db.prepare(selection.order(Columns.id)).map(setting) }
    }

    func setting(named name: String) throws -> Setting? {
        try requireTable()
        return try unit.run { try unit.db.pluck(selection.filter(named(name)).order(Columns.id).limit(1)).map(setting) }
    }

    func setValue(_ value: String?, named name: String) throws -> Setting {
        if var existing = try setting(named: name) {
            try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == existing.id).update(Columns.value <- value)) }
            existing.value = value
            return existing
        }
        return try unit.run {
            let id = try IdentifierMinting.newID(from: unit.minter, table: Columns.name) { candidate in
                try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
            }
            try unit.db.run(Columns.table.insert(Columns.id <- id, Columns.settingName <- name, Columns.value <- value))
            return Setting(id: id, name: name, value: value)
        }
    }

    func removeSetting(named name: String) throws -> Bool {
        try requireTable()
        return try unit.run { try unit.db.run(Columns.table.filter(named(name)).delete()) > 0 }
    }
}

/// Vends the repository in legacy units of work (`context.settings`).
extension SettingsRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any SettingsReading { LegacySettingsRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any SettingsRepository { LegacySettingsRepository(unit: unit) }
}

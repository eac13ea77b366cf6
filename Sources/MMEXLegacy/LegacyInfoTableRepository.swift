import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `INFOTABLE_V1` on the legacy driver, written the way the MMEX app writes its repositories: query builder on the
/// retained connection.
///
/// Names are compared with an explicit `COLLATE NOCASE`, because old files (MMEX 0.9.7) declare `INFONAME` without
/// it; when a file holds several spellings of a name, the one with the lowest `INFOID` is the entry.
struct LegacyInfoTableRepository: InfoTableRepository {
    let unit: LegacyUnit
    private typealias Columns = InfoTableColumns

    private var selection: Table {
        Columns.table.select(Columns.id, Columns.infoName, Columns.value)
    }

    private func entry(_ row: Row) throws -> InfoEntry {
        try unit.read(Columns.name) { () throws(LegacyError) in
            InfoEntry(id: try row.get(Columns.id), name: try row.get(Columns.infoName), value: try row.get(Columns.value))
        }
    }

    private func named(_ key: InfoKey) -> Expression<Bool> {
        Columns.infoName.collate(.nocase) == key.rawValue
    }

    func entries() throws -> [InfoEntry] {
        try unit.run { try unit.db.prepare(selection.order(Columns.id)).map(entry) }
    }

    func entry(for key: InfoKey) throws -> InfoEntry? {
        try unit.run { try unit.db.pluck(selection.filter(named(key)).order(Columns.id).limit(1)).map(entry) }
    }

    func setValue(_ value: String, for key: InfoKey) throws -> InfoEntry {
        try unit.run {
            if var existing = try entry(for: key) {
                try unit.db.run(Columns.table.filter(Columns.id == existing.id).update(Columns.value <- value))
                existing.value = value
                return existing
            }
            let id = try IdentifierMinting.newID(from: unit.minter, table: Columns.name) { candidate in
                try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
            }
            try unit.db.run(Columns.table.insert(Columns.id <- id, Columns.infoName <- key.rawValue, Columns.value <- value))
            return InfoEntry(id: id, name: key.rawValue, value: value)
        }
    }

    func removeValue(for key: InfoKey) throws -> Bool {
        try unit.run { try unit.db.run(Columns.table.filter(named(key)).delete()) > 0 }
    }
}

/// Vends the repository in legacy units of work (`context.infoTable`).
extension InfoTableRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any InfoTableReading { LegacyInfoTableRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any InfoTableRepository {
        LegacyInfoTableRepository(unit: unit)
    }
}

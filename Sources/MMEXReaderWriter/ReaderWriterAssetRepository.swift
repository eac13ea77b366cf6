import MMEXModel
import ReaderWriterDriver

/// `ASSETS_V1` on the reader/writer driver: SQL on the unit's `db`, rows fetched as records.
struct ReaderWriterAssetRepository: AssetRepository {
    let unit: ReaderWriterUnit
    private typealias Assets = StoredRecordSQL<Asset>

    func assets() throws -> [Asset] {
        try unit.run { db in try Assets.fetchAll(db, Assets.selection + " ORDER BY ASSETNAME COLLATE NOCASE, ASSETID") }
    }

    func asset(id: Int64) throws -> Asset? {
        try unit.run { db in try Assets.find(db, id: id) }
    }

    func value(assetId: Int64, on day: CalendarDay) throws -> Amount? {
        try asset(id: assetId).flatMap { AssetValuation.value(of: $0, on: day) }
    }

    func insert(_ asset: Asset) throws -> Asset {
        try unit.run { db in try Assets.insert(db, asset, minter: unit.minter) }
    }

    func update(_ asset: Asset) throws {
        try unit.run { db in _ = try Assets.update(db, asset) }
    }

    func deleteAsset(id: Int64) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM ASSETS_V1 WHERE ASSETID = ?", arguments: [id])
            guard db.changesCount > 0 else { return false }
            try ReaderWriterDependants.deleteLinksAndAttachments(db, kind: "Asset", id: id)
            return true
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.assets`).
extension AssetRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any AssetReading {
        ReaderWriterAssetRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any AssetRepository {
        ReaderWriterAssetRepository(unit: unit)
    }
}

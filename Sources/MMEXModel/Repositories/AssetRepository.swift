/// Reads assets (`ASSETS_V1`). Slice 4.
public protocol AssetReading {
    /// Every asset, by `ASSETNAME` (NOCASE) then `ASSETID`.
    func assets() throws -> [Asset]
    func asset(id: Int64) throws -> Asset?
    /// The asset's value on `day` after its appreciation or depreciation rule (``AssetValuation``); `nil` for no
    /// such asset or a day before it starts.
    func value(assetId: Int64, on day: CalendarDay) throws -> Amount?
}

/// Writes assets.
public protocol AssetRepository: AssetReading {
    @discardableResult func insert(_ asset: Asset) throws -> Asset
    func update(_ asset: Asset) throws
    /// Deletes an asset with its translinks (`LINKTYPE` `Asset`) and attachments (`REFTYPE` `Asset`).
    @discardableResult func deleteAsset(id: Int64) throws -> Bool
}

/// Names assets in the MMEX contexts: `context.assets` reads them in a read unit of work, and reads and writes them in
/// a write unit of work.
public enum AssetRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any AssetReading
    public typealias Writing = any AssetRepository
}

extension ReadRepositories {
    /// The reading side of ``AssetRepositoryKey``'s repository, in this unit of work.
    public var assets: any AssetReading { repository(AssetRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``AssetRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var assets: any AssetRepository { repository(AssetRepositoryKey.self) }
}

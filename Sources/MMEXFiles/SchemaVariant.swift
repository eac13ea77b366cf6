/// A known way real MMEX files differ from the version 21 reference schema that MMEX itself opens without
/// complaint: what `driverport inspect --check` reports as a variant instead of a failure.
///
/// The list is data, in one place (``known``): each variant says which differences it explains. What no variant
/// explains, and a file newer than MMEX knows, is what MMEX would not open.
public struct SchemaVariant: Sendable, Equatable, Hashable, Codable {
    /// Stable identifier (`desktop-settings-elsewhere`), for JSON and tests.
    public let id: String
    /// One line for a person.
    public let summary: String
    /// Reference tables a file of this variant may lack (upper case).
    public let mayLackTables: Set<String>
    /// Tables a file of this variant may add (upper case).
    public let mayAddTables: Set<String>
    /// Columns a file of this variant may add to any table (upper case).
    public let mayAddColumns: Set<String>

    /// MMEX desktop keeps settings and usage in its own settings file: its version 21 files have no `SETTING_V1`
    /// and `USAGE_V1` (the Android and iOS apps create them).
    public static let desktopSettingsElsewhere = SchemaVariant(
        id: "desktop-settings-elsewhere",
        summary: "MMEX desktop keeps settings and usage in its own file, not in SETTING_V1/USAGE_V1",
        mayLackTables: ["SETTING_V1", "USAGE_V1"], mayAddTables: [], mayAddColumns: []
    )

    /// Files synchronised by mmex-sync (PocketBase): a deleted-records log and three `PB_` columns on every table.
    public static let pocketBaseSync = SchemaVariant(
        id: "pocketbase-sync",
        summary: "mmex-sync (PocketBase): deleted-records logs, PB_ID, PB_IS_DIRTY, PB_UPDATED_AT",
        mayLackTables: [], mayAddTables: ["DELETED_LOG", "PB_DELETED_RECORDS_LOG"],
        mayAddColumns: ["PB_ID", "PB_IS_DIRTY", "PB_UPDATED_AT"]
    )

    /// Every known variant, in the order they are reported.
    public static let known: [SchemaVariant] = [desktopSettingsElsewhere, pocketBaseSync]
}

/// What `inspect --check` concludes from a file's schema and `user_version`.
public struct SchemaVerdict: Sendable, Equatable, Codable {
    /// The known variants the file's differences are.
    public var variants: [SchemaVariant]
    /// The differences no variant explains (empty for a file MMEX opens as it is).
    public var unexplained: SchemaCheck
    /// A file at an older `user_version`: MMEX upgrades it when it opens it (`driverport upgrade` does the same),
    /// so its differences from version 21 are expected.
    public var upgradable: Bool
    /// A file newer than version 21: MMEX refuses it.
    public var tooNew: Bool

    /// Whether MMEX opens the file (as it is, or after its own upgrade): no difference left unexplained, not too new.
    public var mmexOpens: Bool { !tooNew && (upgradable || unexplained.isClean) }

    public init(schema: SchemaCheck, userVersion: Int64, currentVersion: Int64 = 21) {
        tooNew = userVersion > currentVersion
        // An older file that has the tables every upgrade needs; anything else is not an MMEX file.
        upgradable = userVersion < currentVersion
            && !UpgradePlanner.requiredTables.contains { schema.missingTables.contains($0) }
        var rest = schema
        var found: [SchemaVariant] = []
        // An older file's differences are those of its version, which MMEX's upgrade removes; no variant is named.
        for variant in SchemaVariant.known where !upgradable {
            let explains = rest.missingTables.contains { variant.mayLackTables.contains($0) }
                || rest.extraTables.contains { variant.mayAddTables.contains($0) }
                || rest.extraColumns.contains { Self.column($0, in: variant.mayAddColumns) }
            guard explains else { continue }
            found.append(variant)
            rest.missingTables.removeAll { variant.mayLackTables.contains($0) }
            rest.extraTables.removeAll { variant.mayAddTables.contains($0) }
            rest.extraColumns.removeAll { Self.column($0, in: variant.mayAddColumns) }
        }
        variants = found
        unexplained = rest
    }

    /// `TABLE.COLUMN` whose column is one of `names`.
    private static func column(_ qualified: String, in names: Set<String>) -> Bool {
        qualified.split(separator: ".").last.map { names.contains(String($0)) } ?? false
    }
}

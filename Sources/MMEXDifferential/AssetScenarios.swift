import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the assets slice (`ASSETS_V1`, with the translinks and attachments a delete takes).
///
/// Operations that change an existing asset pick it by position in the NOCASE-ordered list, so random scenarios reach
/// the fixture's assets and the ones they inserted alike.
enum AssetScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .assets, repositories: [.assets], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.assets]
        )
    }

    static let names: [String] = ["house", "House", "HOUSE", "Café", "CAFÉ", "Zürich flat", "", "ключ", "VW Golf"] + CornerValues.names
    static let dates: [MMEXDate] = ["2023-01-01", "2024-02-29", "2024-05-01T00:00:00", "not a date"]
    static let amounts: [Amount?] = [0, 350_000, .real(0.1), .real(1234.5), .text("n/a"), -5, nil]
    static let changes: [String?] = ["Appreciates", "Depreciates", "None", nil, "Weird"]
    static let modes: [String?] = ["Percentage", "Linear", nil, "Other"]
    static let rates: [Amount?] = [.real(2.5), 15, 0, nil, .text("x")]
    static let days: [CalendarDay] = [
        "2022-12-31", "2023-01-01", "2024-02-29", "2025-06-30", "2030-01-01",
    ].compactMap { CalendarDay(iso: $0) }

    static func asset(_ random: inout SplitMix64) -> Asset {
        Asset(
            id: Asset.unsavedID, startDate: random.element(of: dates) ?? "2023-01-01",
            name: random.element(of: names) ?? "x", status: random.chance(1, in: 2) ? "Open" : "Closed",
            currencyId: random.chance(1, in: 4) ? nil : Int64(random.int(in: 1...3)),
            valueChangeMode: random.element(of: modes) ?? nil, value: random.element(of: amounts) ?? nil,
            valueChange: random.element(of: changes) ?? nil, notes: random.chance(1, in: 3) ? "note" : nil,
            valueChangeRate: random.element(of: rates) ?? nil, type: random.chance(1, in: 2) ? "Property" : "Other"
        )
    }

    // MARK: Operations

    static func list() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("assets.assets()") { try $0.assets.assets() }
    }

    static func get(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("assets.asset(id: \(id))") { try $0.assets.asset(id: id) }
    }

    static func value(nth: Int, on day: CalendarDay) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("assets.value(asset #\(nth), on: \(day))") { context -> Amount? in
            let all = try context.assets.assets()
            guard !all.isEmpty else { return nil }
            return try context.assets.value(assetId: all[nth % all.count].id, on: day)
        }
    }

    static func insert(_ asset: Asset) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("assets.insert(\(SessionOperation.quoted(asset.name)), id \(asset.id))") {
            try $0.assets.insert(asset)
        }
    }

    static func update(nth: Int, with template: Asset) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("assets.update(asset #\(nth) → \(SessionOperation.quoted(template.name)))") { context -> Asset? in
            let all = try context.assets.assets()
            guard !all.isEmpty else { return nil }
            var changed = template
            changed.id = all[nth % all.count].id
            try context.assets.update(changed)
            return try context.assets.asset(id: changed.id)
        }
    }

    static func delete(nth: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("assets.deleteAsset(asset #\(nth))") { context -> Bool in
            let all = try context.assets.assets()
            guard !all.isEmpty else { return false }
            return try context.assets.deleteAsset(id: all[nth % all.count].id)
        }
    }

    static func deleteID(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("assets.deleteAsset(id: \(id))") { try $0.assets.deleteAsset(id: id) }
    }

    static func rolledBack(_ asset: Asset) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { assets.insert; deleteAsset(first); throw }") { context in
            try context.assets.insert(asset)
            if let first = try context.assets.assets().first { try context.assets.deleteAsset(id: first.id) }
        }
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        var random = SplitMix64(seed: 41)
        let house = Asset(
            id: Asset.unsavedID, startDate: "2024-02-29", name: "house", valueChangeMode: "Linear", value: 1000,
            valueChange: "Depreciates", valueChangeRate: 10
        )
        let explicit = Asset(id: 4242, startDate: "2023-01-01T00:00:00", name: "CAFÉ", value: .real(0.1))
        return [
            SliceScenario("names whose order depends on NOCASE", covers: [.assets],
                CornerValues.names.map { insert(Asset(id: Asset.unsavedID, startDate: "2024-01-01", name: $0, value: 1)) } + [list()]),
            SliceScenario("read assets and values", covers: [.assets], [
                list(), get(1), get(2), get(999_999), value(nth: 0, on: days[0]), value(nth: 0, on: days[1]),
                value(nth: 1, on: days[3]), value(nth: 2, on: days[4]), value(nth: 3, on: days[2]),
            ]),
            SliceScenario("insert, NOCASE order, update, value rules", covers: [.assets], [
                insert(house), insert(explicit), insert(explicit), list(), value(nth: 0, on: days[4]),
                update(nth: 1, with: asset(&random)), update(nth: 2, with: asset(&random)), list(),
                value(nth: 1, on: days[4]), value(nth: 2, on: days[2]),
            ]),
            SliceScenario("delete takes translinks and attachments", covers: [.assets], [
                deleteID(1), deleteID(1), get(1), delete(nth: 0), list(), rolledBack(house), list(),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (3, OperationGenerator { _ in list() }),
            (2, OperationGenerator { random in get(Int64(random.int(in: 0...9))) }),
            (4, OperationGenerator { random in value(nth: random.below(20), on: random.element(of: days) ?? days[0]) }),
            (4, OperationGenerator { random in insert(asset(&random)) }),
            (4, OperationGenerator { random in update(nth: random.below(20), with: asset(&random)) }),
            (2, OperationGenerator { random in delete(nth: random.below(20)) }),
            (1, OperationGenerator { random in rolledBack(asset(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Assets.
    package static let assets = RepositorySlice("assets", stage: 4)
}

extension MMEXRepository {
    /// `AssetRepository`, vended by both drivers.
    package static let assets = MMEXRepository(AssetRepositoryKey.self)
}

import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the first slice: `INFOTABLE_V1` and `SETTING_V1`.
///
/// The hand-written scenarios pin the contract's corners (NOCASE lookups and ASCII-only case folding, a kept id and
/// spelling on update, minted ids including a collision with an existing id, text that looks like a number staying
/// text, NULL settings, files without `SETTING_V1`, rollback, nested units of work, escaped repositories); the random
/// generator mixes every operation with names and values drawn from the same tricky pools.
enum InfoTableScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .infoTable, repositories: [.infoTable, .settings], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.infoEntries, SliceReadBack.settings]
        )
    }

    // MARK: Names and values

    /// Names that exercise NOCASE (ASCII letters only: `É` and `é` differ, as in SQLite), Unicode, the names the
    /// MMEX apps use, and odd but legal ones.
    static let names: [String] = [
        "DATAVERSION", "dataversion", "DataVersion", "BASECURRENCYID", "basecurrencyid", "UID", "USERNAME",
        "username", "CREATEDATE", "DATEFORMAT", "MMEXVERSION", "ISUSED", "Café", "CAFÉ", "café", "ключ", "КЛЮЧ",
        "Zürich", "DP_KEY", "dp_key", "Dp_Key", " spaced ", "", "THEME", "theme", "a%b_c", "it's",
    ]

    /// Values that must be stored exactly as given: text that looks like a number stays text ("007", "1e3",
    /// " 2"), empty text, Unicode, SQL-looking text, a 64-bit overflow.
    static let values: [String] = [
        "3", "2", "007", "1e3", " 2", "-5", "", "Wolf", "Ünïcødé ✓", "x'00'", "NULL", "0.1", "9223372036854775807",
        "9223372036854775808", "'; DROP TABLE INFOTABLE_V1; --", "%Y-%m-%d", String(repeating: "long ", count: 60),
    ]

    // MARK: Operations

    static func entries() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("infoTable.entries()") { try $0.infoTable.entries() }
    }

    static func entry(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("infoTable.entry(for: \(quoted(name)))") { try $0.infoTable.entry(for: InfoKey(name)) }
    }

    static func integer(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("infoTable.integer(for: \(quoted(name)))") { try $0.infoTable.integer(for: InfoKey(name)) }
    }

    static func typedInfo() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("infoTable typed accessors") { context -> TypedInfo in
            let info = context.infoTable
            return TypedInfo(
                dataVersion: Result { try info.dataVersion() }, baseCurrencyId: Result { try info.baseCurrencyId() },
                createDate: Result { try info.createDate()?.rawValue }, dateFormat: Result { try info.dateFormat() },
                userName: Result { try info.userName() }
            )
        }
    }

    static func setInfo(_ value: String, _ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("infoTable.setValue(\(quoted(value)), for: \(quoted(name)))") {
            try $0.infoTable.setValue(value, for: InfoKey(name))
        }
    }

    static func setInteger(_ value: Int64, _ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("infoTable.setInteger(\(value), for: \(quoted(name)))") {
            try $0.infoTable.setInteger(value, for: InfoKey(name))
        }
    }

    static func removeInfo(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("infoTable.removeValue(for: \(quoted(name)))") { try $0.infoTable.removeValue(for: InfoKey(name)) }
    }

    static func settingsAvailable() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("settings.isAvailable()") { try $0.settings.isAvailable() }
    }

    static func allSettings() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("settings.settings()") { try $0.settings.settings() }
    }

    static func setting(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("settings.setting(named: \(quoted(name)))") { try $0.settings.setting(named: name) }
    }

    static func setSetting(_ value: String?, _ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("settings.setValue(\(quoted(value)), named: \(quoted(name)))") {
            try $0.settings.setValue(value, named: name)
        }
    }

    static func removeSetting(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("settings.removeSetting(named: \(quoted(name)))") { try $0.settings.removeSetting(named: name) }
    }

    /// Several writes in one unit of work, then what the unit itself reads back before it commits.
    static func batch(_ pairs: [(value: String, name: String)]) -> DifferentialOperation<any MMEXSession> {
        let shown = pairs.map { "\(quoted($0.value))→\(quoted($0.name))" }.joined(separator: ", ")
        return SessionOperation.write("write { setValue × \(pairs.count): \(shown); entries() }") { context in
            for pair in pairs { try context.infoTable.setValue(pair.value, for: InfoKey(pair.name)) }
            return try context.infoTable.entries()
        }
    }

    /// A write that stores a value and a setting, then throws: nothing of it may remain.
    static func rolledBack(_ value: String, _ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { setValue(\(quoted(value)), for: \(quoted(name))); throw }") { context in
            try context.infoTable.setValue(value, for: InfoKey(name))
            if try context.settings.isAvailable() { try context.settings.setValue(value, named: name) }
        }
    }

    static func nestedWrite() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.session("write { write { } } (nested)") { session in
            try session.write { _ in try session.write { try $0.infoTable.setValue("nested", for: "DP_NESTED") } }
        }
    }

    static func writeInsideRead() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.session("read { write { } } (nested)") { session in
            try session.read { _ in try session.write { try $0.infoTable.setValue("nested", for: "DP_NESTED") } }
        }
    }

    static func escapedRepository() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.session("a repository used after its read { }") { session -> [InfoEntry] in
            let escaped = try session.read { $0.infoTable }
            return try escaped.entries()
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("settings removed and found by a name in another case", covers: [.settings], [
                setSetting("1", "DP_Setting"), removeSetting("dp_setting"), setting("DP_SETTING"),
                removeSetting("attachmentssubfolder"), setSetting("2", "budget_include_transfers"), allSettings(),
            ]),
            SliceScenario("read everything", covers: [.infoTable, .settings], [
                entries(), typedInfo(), settingsAvailable(), allSettings(), entry("DATAVERSION"), entry("nothing here"),
            ]),
            SliceScenario("NOCASE lookups", covers: [.infoTable, .settings], [
                entry("dataversion"), entry("DataVersion"), integer("basecurrencyid"), setInfo("4", "dataversion"),
                entry("DATAVERSION"), setInfo("Café", "CAFÉ"), entry("café"), entry("CAFÉ"), entry("Café"),
                setSetting("dark", "THEME"), setting("theme"), setSetting("light", "Theme"), setting("THEME"),
                removeInfo("cafÉ"), entry("CAFÉ"), entries(),
            ]),
            SliceScenario("new entries get minted ids", covers: [.infoTable, .settings], [
                setInfo("first", "DP_MINT_1"), setInfo("second", "DP_MINT_2"), setInfo("third", "DP_MINT_3"),
                setSetting("one", "DP_MINT_1"), setSetting(nil, "DP_MINT_2"), entries(), allSettings(),
            ]),
            SliceScenario("values are stored exactly", covers: [.infoTable, .settings], [
                setInfo("007", "DP_TEXT"), entry("DP_TEXT"), integer("DP_TEXT"), setInfo(" 2", "BASECURRENCYID"),
                typedInfo(), setInfo("", "USERNAME"), setInfo("9223372036854775808", "DP_BIG"), integer("DP_BIG"),
                setInteger(-5, "DP_INT"), integer("DP_INT"), setSetting("", "DP_EMPTY"), setSetting(nil, "DP_NULL"),
                setting("DP_NULL"), setting("DP_EMPTY"), entries(), allSettings(),
            ]),
            SliceScenario("remove", covers: [.infoTable, .settings], [
                removeInfo("USERNAME"), removeInfo("USERNAME"), entry("username"), setInfo("back", "username"),
                entry("USERNAME"), removeSetting("DP_ABSENT"), setSetting("x", "DP_GONE"), removeSetting("dp_gone"),
                setting("DP_GONE"), entries(),
            ]),
            SliceScenario("units of work", covers: [.infoTable, .settings], [
                batch([("a", "DP_A"), ("b", "dp_a"), ("c", "DP_C")]), rolledBack("rolled back", "DP_ROLLBACK"),
                entry("DP_ROLLBACK"), setting("DP_ROLLBACK"), rolledBack("changed", "DP_A"), entry("DP_A"),
                nestedWrite(), writeInsideRead(), entry("DP_NESTED"), escapedRepository(), entries(),
            ]),
        ]
    }

    // MARK: Random operations

    /// Every operation of the slice, with names and values from the pools above (and fresh names now and then).
    static var generator: OperationGenerator<any MMEXSession> {
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 5) ? "DP_R\(random.below(12))" : CornerValues.caseVariant(of: random.element(of: names) ?? "UID", &random)
        }
        func value(_ random: inout SplitMix64) -> String { random.element(of: values) ?? "" }
        return .weighted([
            (4, OperationGenerator { _ in entries() }),
            (6, OperationGenerator { random in entry(name(&random)) }),
            (2, OperationGenerator { random in integer(name(&random)) }),
            (1, OperationGenerator { _ in typedInfo() }),
            (8, OperationGenerator { random in setInfo(value(&random), name(&random)) }),
            (1, OperationGenerator { random in setInteger(Int64(random.int(in: -1000...1000)), name(&random)) }),
            (3, OperationGenerator { random in removeInfo(name(&random)) }),
            (1, OperationGenerator { _ in settingsAvailable() }),
            (2, OperationGenerator { _ in allSettings() }),
            (3, OperationGenerator { random in setting(name(&random)) }),
            (4, OperationGenerator { random in
                setSetting(random.chance(1, in: 4) ? nil : value(&random), name(&random))
            }),
            (2, OperationGenerator { random in removeSetting(name(&random)) }),
            (1, OperationGenerator { random in
                batch((0..<random.int(in: 2...4)).map { _ in (value(&random), name(&random)) })
            }),
            (1, OperationGenerator { random in rolledBack(value(&random), name(&random)) }),
        ])
    }
}

/// The typed accessors' results, each a value or the error it threw (both must agree).
struct TypedInfo: Encodable {
    let dataVersion: Outcome<Int64?>
    let baseCurrencyId: Outcome<Int64?>
    let createDate: Outcome<String?>
    let dateFormat: Outcome<String?>
    let userName: Outcome<String?>

    init(
        dataVersion: Result<Int64?, any Error>, baseCurrencyId: Result<Int64?, any Error>,
        createDate: Result<String?, any Error>, dateFormat: Result<String?, any Error>, userName: Result<String?, any Error>
    ) {
        self.dataVersion = Outcome(dataVersion)
        self.baseCurrencyId = Outcome(baseCurrencyId)
        self.createDate = Outcome(createDate)
        self.dateFormat = Outcome(dateFormat)
        self.userName = Outcome(userName)
    }
}

/// A value or the description of the error that replaced it.
struct Outcome<Value: Encodable>: Encodable {
    let value: Value?
    let error: String?

    init(_ result: Result<Value, any Error>) {
        switch result {
        case .success(let value): self.value = value; error = nil
        case .failure(let failure): value = nil; error = "\(type(of: failure)): \(failure)"
        }
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// `INFOTABLE_V1` and `SETTING_V1`: the first slice.
    package static let infoTable = RepositorySlice("infotable", stage: 0)
}

extension MMEXRepository {
    /// `InfoTableRepository`, vended by both drivers.
    package static let infoTable = MMEXRepository(InfoTableRepositoryKey.self)
    /// `SettingsRepository`, vended by both drivers.
    package static let settings = MMEXRepository(SettingsRepositoryKey.self)
}

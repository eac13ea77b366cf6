import SQLiteEngine

/// Payee ids with their default categories, for the transaction stream.
struct PayeeIndex {
    var ids: [Int64] = []
    var defaultCategories: [Int64] = []
    /// Payees that pay money in, by role.
    var employer: Int64 = -1
    var bank: Int64 = -1
    var broker: Int64 = -1
    var refunder: Int64 = -1
    var exchange: Int64 = -1
}

private struct PayeeSpec {
    let name: String
    let category: CategoryRef
    var origin = Origin.desktop
    var number: String?
    var website: String?
    var notes: String?
    var active: Int64? = 1
    var pattern: String?
}

/// Payees people really have, with the traps of real names: accents in precomposed and decomposed form, NOCASE
/// near-duplicates that are still distinct under SQLite's ASCII-only case folding ("Café Lumière", "CAFÉ LUMIÈRE",
/// "cafe lumiere"), Cyrillic, Japanese, Chinese, an emoji, quotes, an ampersand, a trailing space and a very long
/// name.
private let payeeSpecs: [PayeeSpec] = [
    PayeeSpec(name: "REWE", category: .builtIn(10), number: "Kd.-Nr. 4711", website: "https://www.rewe.de", pattern: "REWE*"),
    PayeeSpec(name: "Aldi Süd", category: .builtIn(10)),
    PayeeSpec(name: "Café Lumière", category: .custom(CustomCategory.espresso)),
    PayeeSpec(name: "CAFÉ LUMIÈRE", category: .builtIn(11), origin: .mobile),
    PayeeSpec(name: "cafe lumiere", category: .builtIn(11), origin: .mobile),
    PayeeSpec(name: "Cafe\u{0301} Lumie\u{0300}re", category: .builtIn(11), origin: .mobile, notes: "decomposed accents (NFD)"),
    PayeeSpec(name: "Deutsche Bahn", category: .builtIn(41), website: "https://www.bahn.de"),
    PayeeSpec(name: "Shell", category: .builtIn(18)),
    PayeeSpec(name: "Stadtwerke München", category: .builtIn(3), number: "Vertrag 123-456-789"),
    PayeeSpec(name: "Telekom", category: .builtIn(2)),
    PayeeSpec(name: "Vodafone", category: .builtIn(5)),
    PayeeSpec(name: "Netflix", category: .custom(CustomCategory.streaming), origin: .mobile),
    PayeeSpec(name: "Amazon", category: .none, website: "https://www.amazon.de"),
    PayeeSpec(name: "IKEA", category: .builtIn(27)),
    PayeeSpec(name: "H&M", category: .builtIn(26)),
    PayeeSpec(name: "Dr. med. Schmidt", category: .builtIn(33)),
    PayeeSpec(name: "Apotheke am Markt", category: .builtIn(34)),
    PayeeSpec(name: "Allianz", category: .builtIn(36), number: "Police KV-0042"),
    PayeeSpec(name: "Finanzamt", category: .builtIn(45)),
    PayeeSpec(name: "Employer GmbH", category: .builtIn(CategoryIndex.salary)),
    PayeeSpec(name: "Hausverwaltung Meier", category: .builtIn(6)),
    PayeeSpec(name: "Пятёрочка", category: .custom(CustomCategory.bread), active: nil),
    PayeeSpec(name: "Яндекс Такси", category: .builtIn(41), active: nil),
    PayeeSpec(name: "ローソン", category: .builtIn(10), origin: .mobile),
    PayeeSpec(name: "全家便利店", category: .builtIn(10), origin: .mobile),
    PayeeSpec(name: "🍕 Pizza Place", category: .builtIn(11), origin: .mobile),
    PayeeSpec(name: "O'Brien's Pub", category: .builtIn(11)),
    PayeeSpec(name: "Smith & Sons \"Hardware\"", category: .builtIn(27)),
    PayeeSpec(name: "Bäckerei Schmidt", category: .builtIn(10)),
    PayeeSpec(name: "Bäckerei Schmidt ", category: .builtIn(10), notes: "same name with a trailing space"),
    PayeeSpec(name: "Kita Sonnenschein", category: .custom(CustomCategory.kita)),
    PayeeSpec(name: "Tierarzt Dr. Wau", category: .custom(CustomCategory.tierarzt), origin: .mobile),
    PayeeSpec(name: "Broker", category: .builtIn(CategoryIndex.sharePurchase)),
    PayeeSpec(name: "Coinbase", category: .custom(CustomCategory.cryptoFees), origin: .mobile),
    PayeeSpec(name: "Sparkasse", category: .builtIn(CategoryIndex.interest)),
    PayeeSpec(name: "Old Video Store", category: .builtIn(14), active: 0),
    PayeeSpec(name: "Zweckverband für Abfallwirtschaft und Straßenreinigung des Landkreises Oberallgäu-Süd, "
              + "Abteilung Gebührenbescheide und Widerspruchsverfahren", category: .builtIn(1)),
]

/// Kinds of shops for the generated payees of larger fixtures, with their default categories.
private let generatedKinds: [(String, Int64)] = [
    ("Supermarkt", 10), ("Bistro", 11), ("Tankstelle", 18), ("Buchladen", 22), ("Friseur", 56), ("Apotheke", 34),
    ("Konditorei", 10), ("Kiosk", 15), ("Werkstatt", 17), ("Blumenladen", 50), ("Metzgerei", 10), ("Optiker", 32),
]
private let generatedFamilies = [
    "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch",
    "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann",
    "Hartmann", "Lange", "Schmitt", "Werner", "Krause", "Meier", "Lehmann", "Schmid", "Schulze",
]

extension FixtureWorld {
    /// How many generated payees a fixture of this size gets beside the catalogue (more for larger files).
    var generatedPayeeCount: Int { min(spec.transactions / 250, 4000) }

    func writePayees() throws {
        var random = random(.payees)
        for spec in payeeSpecs {
            let id = mintId(.payee, origin: spec.origin, day: timeline.day(permille: spec.origin == .mobile ? 500 : 0),
                            random: &random)
            let category = categoryId(spec.category)
            try sink.insert(.payee, [
                .int(id), .text(spec.name), .int(category), .optionalText(spec.number), .optionalText(spec.website),
                .optionalText(spec.notes), spec.active.map { .int($0) } ?? .null,
                spec.pattern.map { .text($0) } ?? (spec.origin == .mobile ? .text("") : .null),
            ])
            payees.ids.append(id)
            payees.defaultCategories.append(category)
            switch spec.name {
            case "Employer GmbH": payees.employer = id
            case "Sparkasse": payees.bank = id
            case "Broker": payees.broker = id
            case "Amazon": payees.refunder = id
            case "Coinbase": payees.exchange = id
            default: break
            }
        }
        // Generated shops: "Kind Family", then "Kind Family 2" and so on once the pairs run out; unique by
        // construction and never equal (even ignoring ASCII case) to a catalogue name.
        let pairs = generatedKinds.count * generatedFamilies.count
        for index in 0..<generatedPayeeCount {
            let (kind, category) = generatedKinds[index % generatedKinds.count]
            let family = generatedFamilies[index / generatedKinds.count % generatedFamilies.count]
            let round = index / pairs
            let name = "\(kind) \(family)" + (round > 0 ? " \(round + 1)" : "")
            let permille = index * 1000 / max(generatedPayeeCount, 1)
            let origin: Origin = permille > 400 && random.chance(perMille: 600) ? .mobile : .desktop
            let id = mintId(.payee, origin: origin, day: timeline.day(permille: permille), random: &random)
            try sink.insert(.payee, [
                .int(id), .text(name), .int(category), .null, .null, .null, .int(random.chance(perMille: 950) ? 1 : 0),
                origin == .mobile ? .text("") : .null,
            ])
            payees.ids.append(id)
            payees.defaultCategories.append(category)
        }
    }
}

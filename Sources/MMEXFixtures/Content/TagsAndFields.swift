import SQLiteEngine

/// A custom field as written, with how to make a value of its type.
struct FieldEntry {
    let id: Int64
    let type: String
    let choices: [String]
}

/// Tags, including NOCASE near-duplicates ("été"/"ÉTÉ" differ only in non-ASCII case) and an emoji.
private let tagNames: [(String, Bool)] = [
    ("Urlaub", true), ("Business", true), ("Tax-deductible", true), ("été", true), ("ÉTÉ", true), ("Reise ✈️", true),
    ("家族", true), ("Работа", true), ("gift", true), ("Reimbursable", true), ("Q1", false), ("Kinder", true),
]

private struct FieldSpec {
    let refType: String
    let description: String
    let type: String
    var tooltip = ""
    var regex = ""
    var autocomplete = false
    var choices: [String] = []
    var digitScale = 0
}

/// One custom field of every type MMEX knows, for transactions, and two for scheduled transactions.
private let fieldSpecs: [FieldSpec] = [
    FieldSpec(refType: "Transaction", description: "Receipt no.", type: "String", tooltip: "Number on the paper receipt",
              regex: "^[A-Z0-9-]*$", autocomplete: true),
    FieldSpec(refType: "Transaction", description: "Mileage", type: "Integer", tooltip: "Odometer in km"),
    FieldSpec(refType: "Transaction", description: "VAT rate", type: "Decimal", digitScale: 2),
    FieldSpec(refType: "Transaction", description: "Business expense", type: "Boolean"),
    FieldSpec(refType: "Transaction", description: "Warranty until", type: "Date"),
    FieldSpec(refType: "Transaction", description: "Pickup time", type: "Time"),
    FieldSpec(refType: "Transaction", description: "Payment method", type: "SingleChoice",
              choices: ["Cash", "Card", "Bank transfer"]),
    FieldSpec(refType: "Transaction", description: "Projects", type: "MultiChoice", choices: ["Haus", "Garten", "Auto"]),
    FieldSpec(refType: "RecurringTransaction", description: "Contract no.", type: "String"),
    FieldSpec(refType: "RecurringTransaction", description: "Cancel by", type: "Date"),
]

extension FieldSpec {
    /// The PROPERTIES JSON, written by hand so its key order is fixed (no value here needs JSON escaping).
    var properties: String {
        let choiceList = choices.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"Tooltip\":\"\(tooltip)\",\"RegEx\":\"\(regex)\",\"Autocomplete\":\(autocomplete),"
            + "\"Default\":\"\",\"Choice\":[\(choiceList)],\"DigitScale\":\(digitScale),\"UDFC\":\"\"}"
    }
}

extension FixtureWorld {
    func writeTagsAndFields() throws {
        var random = random(.tagsAndFields)
        for (name, active) in tagNames {
            let id = ids.small(.tag)
            try sink.insert(.tag, [.int(id), .text(name), .int(active ? 1 : 0)])
            tagIds.append(id)
        }
        for spec in fieldSpecs {
            let id = mintId(.customField, origin: .desktop, day: timeline.firstDay, random: &random)
            try sink.insert(.customField, [
                .int(id), .text(spec.refType), .text(spec.description), .text(spec.type), .text(spec.properties),
            ])
            let entry = FieldEntry(id: id, type: spec.type, choices: spec.choices)
            if spec.refType == "Transaction" { transactionFields.append(entry) } else { scheduledFields.append(entry) }
        }
    }

    /// A value of `field`'s type as MMEX stores it in CUSTOMFIELDDATA_V1.CONTENT.
    func fieldContent(_ field: FieldEntry, day: CivilDate, random: inout FixtureRandom) -> String {
        switch field.type {
        case "Integer": return String(random.int(in: 1000...250_000))
        case "Decimal": return FixedPoint(units: Int64(random.pick([0, 700, 1900, 2000, 1050])), digits: 2).text
        case "Boolean": return random.chance(perMille: 500) ? "TRUE" : "FALSE"
        case "Date": return day.adding(days: random.int(in: 30...1000)).iso
        case "Time": return DateText.time(secondOfDay: random.int(in: 8...19) * 3600 + random.below(4) * 900)
        case "SingleChoice": return random.pick(field.choices)
        case "MultiChoice":
            let first = random.below(field.choices.count)
            let second = (first + 1 + random.below(field.choices.count - 1)) % field.choices.count
            return [field.choices[min(first, second)], field.choices[max(first, second)]].joined(separator: ";")
        default: return "R-" + String(random.int(in: 10_000...99_999)) + (random.chance(perMille: 100) ? "-Ü" : "")
        }
    }
}

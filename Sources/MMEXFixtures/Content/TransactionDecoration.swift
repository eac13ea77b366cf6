/// How a transaction's date text looks.
enum DateStyle {
    /// `2024-03-05` (desktop).
    case plain
    /// `2024-03-05T00:00:00` (the iOS app, date only).
    case midnight
    /// `2024-03-05T14:32:10` (a time of day was entered).
    case withTime
}

/// Everything about a transaction besides its money: who made it, status, text, and the rows hung on it.
struct TransactionDecoration {
    var origin: Origin
    var status: String
    var dateStyle: DateStyle
    var number: String?
    var notes: String?
    var tags = 0
    var tagASplit = false
    var fields = 0
    var attachments = 0
    var deleted = false
    var color: Int64
}

/// MMEX transaction statuses: none, Reconciled, Void, Follow up, Duplicate.
let transactionStatuses = ["", "R", "V", "F", "D"]

/// Notes as people write them, and as tests need them: several lines, a tab, quotes, SQL-looking text, scripts
/// from several languages, an emoji, surrounding spaces and a long paragraph.
private let noteTexts = [
    "Wocheneinkauf", "Geburtstag Oma 🎂", "Line one\nLine two", "Tab\tseparated", "50% off; \"quoted\" & 'single'",
    "'; DROP TABLE CHECKINGACCOUNT_V1; --", "Ünïcödé ñ ß 漢字 Кириллица العربية", "   leading and trailing spaces   ",
    "Reimbursed by work", "Cafe\u{0301} au lait (decomposed)",
    String(repeating: "A long note that goes on and on. ", count: 12),
]

extension FixtureWorld {
    func decoration(permille: Int, random: inout FixtureRandom) -> TransactionDecoration {
        let origin: Origin = permille >= 350 && random.chance(perMille: 600) ? .mobile : .desktop
        let styleDraw = random.below(100)
        let dateStyle: DateStyle = switch origin {
        case .desktop: styleDraw < 90 ? .plain : .withTime
        case .mobile: styleDraw < 85 ? .midnight : .withTime
        }
        var result = TransactionDecoration(
            origin: origin,
            status: transactionStatuses[random.weightedIndex([400, 450, 30, 70, 50])],
            dateStyle: dateStyle,
            color: origin == .desktop ? -1 : 0
        )
        if random.chance(perMille: 80) { result.number = String(random.int(in: 100...9_999)) }
        else if origin == .mobile || random.chance(perMille: 950) { result.number = "" }
        if random.chance(perMille: 250) { result.notes = random.pick(noteTexts) }
        else if origin == .mobile || random.chance(perMille: 900) { result.notes = "" }
        if random.chance(perMille: 70) {
            result.tags = random.int(in: 1...3)
            result.tagASplit = random.chance(perMille: 300)
        }
        if random.chance(perMille: 40) { result.fields = random.int(in: 1...3) }
        if random.chance(perMille: 7) { result.attachments = random.int(in: 1...2) }
        result.deleted = random.chance(perMille: 4)
        if random.chance(perMille: 30) { result.color = Int64(random.int(in: 1...7)) }
        return result
    }
}

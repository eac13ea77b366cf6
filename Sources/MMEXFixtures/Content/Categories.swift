import SQLiteEngine

/// Category ids the transaction stream draws from.
struct CategoryIndex {
    /// Subcategories (and a few top-level categories) people spend on.
    var expense: [Int64] = []
    /// Where salary, refunds and interest go.
    var income: [Int64] = [52, 53, 54, 55]
    /// The ids of the custom categories, in catalogue order.
    var custom: [Int64] = []

    static let transfer: Int64 = 57
    static let sharePurchase: Int64 = 59
    static let shareSale: Int64 = 60
    static let dividend: Int64 = 61
    static let interest: Int64 = 64
    static let salary: Int64 = 52
    static let refund: Int64 = 53
    static let fees: Int64 = 56
}

/// Where a category points: a default one from `tables.sql` or one of the custom ones.
enum CategoryRef {
    case none
    case builtIn(Int64)
    case custom(Int)
}

/// A custom category. `parent` is `nil` for a top-level one.
private struct CategorySpec {
    let name: String
    let parent: CategoryRef
    var active = true
    var origin = Origin.desktop
}

/// Custom categories beside the 67 defaults: Unicode names and near-duplicates that differ only where SQLite's
/// NOCASE collation does not fold (it folds ASCII letters only), so every one of them is legal under
/// `UNIQUE(CATEGNAME, PARENTID)` with `CATEGNAME COLLATE NOCASE`: "Café", "cafe", "CAFÉ" and a decomposed
/// "Café" (e + U+0301) side by side, "Молоко" and "молоко" under one parent, "Bio-Läden" and "BIO-LÄDEN" under
/// another. A name that differs from another only in ASCII case ("Cafe"/"cafe") would break the constraint, and
/// none is here.
private let categorySpecs: [CategorySpec] = [
    CategorySpec(name: "Café", parent: .none),                                   // 0
    CategorySpec(name: "cafe", parent: .none, origin: .mobile),                   // 1
    CategorySpec(name: "CAFÉ", parent: .none, active: false),                     // 2
    CategorySpec(name: "Cafe\u{0301}", parent: .none, origin: .mobile),            // 3 (NFD)
    CategorySpec(name: "Kinder", parent: .none),                                  // 4
    CategorySpec(name: "Haustiere 🐶", parent: .none, origin: .mobile),            // 5
    CategorySpec(name: "Продукты", parent: .none),                                // 6
    CategorySpec(name: "日本", parent: .none, origin: .mobile),                    // 7
    CategorySpec(name: "Crypto", parent: .none, origin: .mobile),                 // 8
    CategorySpec(name: "Espresso", parent: .custom(0)),                           // 9
    CategorySpec(name: "Kuchen & Torte", parent: .custom(0)),                     // 10
    CategorySpec(name: "lunch", parent: .custom(1), origin: .mobile),             // 11
    CategorySpec(name: "Kita", parent: .custom(4)),                               // 12
    CategorySpec(name: "Schule", parent: .custom(4)),                             // 13
    CategorySpec(name: "Spielzeug", parent: .custom(4), origin: .mobile),         // 14
    CategorySpec(name: "Futter", parent: .custom(5), origin: .mobile),            // 15
    CategorySpec(name: "Tierarzt", parent: .custom(5), origin: .mobile),          // 16
    CategorySpec(name: "Молоко", parent: .custom(6)),                             // 17
    CategorySpec(name: "молоко", parent: .custom(6)),                             // 18
    CategorySpec(name: "Хлеб", parent: .custom(6)),                               // 19
    CategorySpec(name: "寿司", parent: .custom(7), origin: .mobile),               // 20
    CategorySpec(name: "Mining", parent: .custom(8), origin: .mobile),            // 21
    CategorySpec(name: "Staking", parent: .custom(8), origin: .mobile),           // 22
    CategorySpec(name: "Fees", parent: .custom(8), origin: .mobile),              // 23
    CategorySpec(name: "Bio-Läden", parent: .builtIn(9)),                         // 24
    CategorySpec(name: "BIO-LÄDEN", parent: .builtIn(9), origin: .mobile),        // 25
    CategorySpec(name: "Ski: Lift pass", parent: .builtIn(40)),                   // 26
    CategorySpec(name: "Streaming", parent: .builtIn(1), origin: .mobile),        // 27
    CategorySpec(name: "Kindergeld", parent: .builtIn(51)),                       // 28
    CategorySpec(name: "Old stuff", parent: .builtIn(25), active: false),         // 29
]

/// Custom categories by their place in the catalogue, for payees and budgets.
enum CustomCategory {
    static let espresso = 9
    static let kita = 12
    static let tierarzt = 16
    static let bread = 19
    static let cryptoFees = 23
    static let streaming = 27
    static let kindergeld = 28
}

/// Default expense categories: the subcategories of Bills, Food, Leisure, Automobile, Education, Homeneeds,
/// Healthcare, Insurance, Vacation and Taxes, and the top-level Miscellaneous, Gifts and Other Expenses.
private let builtInExpense: [Int64] = Array(2...8) + [10, 11] + Array(13...15) + Array(17...20) + Array(22...24)
    + Array(26...28) + Array(30...34) + Array(36...39) + Array(41...43) + Array(45...48) + [49, 50, 56]

extension FixtureWorld {
    func categoryId(_ ref: CategoryRef) -> Int64 {
        switch ref {
        case .none: -1
        case .builtIn(let id): id
        case .custom(let index): categories.custom[index]
        }
    }

    /// The custom categories (after the defaults `tables.sql` inserted), top-level ones first.
    func writeCategories() throws {
        var random = random(.categories)
        let day = timeline.day(permille: 100)
        for spec in categorySpecs {
            let id = mintId(.category, origin: spec.origin, day: day, random: &random)
            categories.custom.append(id)
            try sink.insert(.category, [.int(id), .text(spec.name), .int(spec.active ? 1 : 0), .int(categoryId(spec.parent))])
        }
        categories.expense = builtInExpense
        for (index, spec) in categorySpecs.enumerated() where spec.active {
            if case .none = spec.parent { continue }
            if index == CustomCategory.kindergeld {
                categories.income.append(categories.custom[index])
            } else {
                categories.expense.append(categories.custom[index])
            }
        }
    }
}

/// MMEX transaction codes.
enum TransactionCode: String {
    case withdrawal = "Withdrawal"
    case deposit = "Deposit"
    case transfer = "Transfer"
}

/// A share purchase or sale in a Shares account (SHAREINFO_V1 and a TRANSLINK_V1 to the stock).
struct ShareTrade {
    let stock: Int
    /// Shares, in 10^-4 shares.
    let shares: Int64
    /// Price per share, in 10^-4 units of the account currency.
    let price: Int64
    /// In the currency's smallest unit.
    let commission: Int64
    let isPurchase: Bool
}

/// The money side of one transaction (or scheduled transaction) before it is written: accounts, code, amounts in
/// each account currency's smallest unit, payee, category or splits, and what it links to.
struct TransactionDraft {
    var account: Int
    var code: TransactionCode
    var amount: Int64
    var toAccount: Int?
    var toAmount: Int64?
    var payee: Int64 = -1
    var category: Int64 = -1
    /// (category, amount) parts that sum to `amount`; one may be negative.
    var splits: [(category: Int64, amount: Int64)] = []
    var share: ShareTrade?
    var asset: Int?
}

/// What the stream draws a transaction as.
enum Scenario: CaseIterable {
    case purchase, income, transfer, split, shareTrade, assetPurchase

    /// Relative frequency, per mille.
    var weight: Int {
        switch self {
        case .purchase: 650
        case .income: 110
        case .transfer: 130
        case .split: 70
        case .shareTrade: 33
        case .assetPurchase: 7
        }
    }
}

extension FixtureWorld {
    /// Accounts of `roles` that take transactions at `permille`, with their weights (at least 1 each).
    private func activeAccounts(_ roles: [AccountRole], at permille: Int, excluding: Int? = nil) -> [Int] {
        accounts.indices.filter {
            roles.contains(accounts[$0].role) && accounts[$0].activeFrom <= permille && permille <= accounts[$0].activeUntil
                && $0 != excluding
        }
    }

    private func weightedAccount(_ candidates: [Int], random: inout FixtureRandom) -> Int {
        candidates[random.weightedIndex(candidates.map { max(accounts[$0].weight, 1) })]
    }

    /// An everyday amount in EUR cents: mostly small, sometimes large, occasionally very large; some round.
    func everydayCents(random: inout FixtureRandom) -> Int64 {
        let cents: Int64
        switch random.weightedIndex([400, 400, 170, 30]) {
        case 0: cents = random.int64(in: 50...2_000)
        case 1: cents = random.int64(in: 2_000...15_000)
        case 2: cents = random.int64(in: 15_000...200_000)
        default: cents = random.int64(in: 200_000...2_500_000)
        }
        switch random.below(20) {
        case 0: return max(100, cents / 100 * 100)
        case 1: return cents / 100 * 100 + 99
        default: return cents
        }
    }

    /// `cents` EUR in the currency of account `index` on `day`.
    func inAccountCurrency(_ cents: Int64, account index: Int, on day: CivilDate) -> Int64 {
        convert(cents, from: currencyIndex("EUR"), to: accounts[index].currency, on: day)
    }

    func draft(_ scenario: Scenario, permille: Int, day: CivilDate, random: inout FixtureRandom) -> TransactionDraft {
        switch scenario {
        case .purchase: purchase(permille: permille, day: day, random: &random)
        case .income: income(permille: permille, day: day, random: &random)
        case .transfer: transfer(permille: permille, day: day, random: &random)
        case .split: split(permille: permille, day: day, random: &random)
        case .shareTrade: shareTrade(permille: permille, day: day, random: &random)
        case .assetPurchase: assetPurchase(day: day, random: &random)
        }
    }

    func purchase(permille: Int, day: CivilDate, random: inout FixtureRandom, account: Int? = nil) -> TransactionDraft {
        let index = account ?? weightedAccount(activeAccounts([.everyday, .card, .crypto], at: permille), random: &random)
        let payeeIndex = random.skewedIndex(payees.ids.count)
        let defaultCategory = payees.defaultCategories[payeeIndex]
        let refund = random.chance(perMille: 30)
        let category = refund ? CategoryIndex.refund
            : (defaultCategory > 0 && random.chance(perMille: 700) ? defaultCategory : random.pick(categories.expense))
        return TransactionDraft(
            account: index, code: refund ? .deposit : .withdrawal,
            amount: inAccountCurrency(everydayCents(random: &random), account: index, on: day),
            payee: payees.ids[payeeIndex], category: category
        )
    }

    func income(permille: Int, day: CivilDate, random: inout FixtureRandom) -> TransactionDraft {
        switch random.weightedIndex([500, 250, 150, 100]) {
        case 0:
            let account = accountIndex(named: "Girokonto")
            let raise = Int64(day.year - timeline.firstYear) * 9_000
            return TransactionDraft(account: account, code: .deposit, amount: 320_000 + raise + random.int64(in: 0...4_999),
                                    payee: payees.employer, category: CategoryIndex.salary)
        case 1:
            let savings = activeAccounts([.savings], at: permille)
            let account = savings.isEmpty ? accountIndex(named: "Girokonto") : random.pick(savings)
            return TransactionDraft(account: account, code: .deposit,
                                    amount: inAccountCurrency(random.int64(in: 1...15_000), account: account, on: day),
                                    payee: payees.bank, category: CategoryIndex.interest)
        case 2:
            let investment = activeAccounts([.investment], at: permille)
            let account = investment.isEmpty ? accountIndex(named: "Girokonto") : random.pick(investment)
            return TransactionDraft(account: account, code: .deposit,
                                    amount: inAccountCurrency(random.int64(in: 500...90_000), account: account, on: day),
                                    payee: payees.broker, category: CategoryIndex.dividend)
        default:
            let account = weightedAccount(activeAccounts([.everyday, .card], at: permille), random: &random)
            return TransactionDraft(account: account, code: .deposit,
                                    amount: inAccountCurrency(everydayCents(random: &random), account: account, on: day),
                                    payee: payees.refunder, category: random.pick(categories.income))
        }
    }

    func transfer(
        permille: Int, day: CivilDate, random: inout FixtureRandom, from: Int? = nil, to: Int? = nil, cents: Int64? = nil
    ) -> TransactionDraft {
        let source = from ?? weightedAccount(activeAccounts([.everyday], at: permille), random: &random)
        var target = to
        if target == nil {
            let roles: [[AccountRole]] = [[.card], [.savings], [.investment], [.loan], [.everyday], [.crypto]]
            let choice = roles[random.weightedIndex([30, 20, 15, 10, 15, 10])]
            let candidates = activeAccounts(choice, at: permille, excluding: source)
            let fallback = activeAccounts([.everyday, .card], at: permille, excluding: source)
            target = candidates.isEmpty ? (fallback.isEmpty ? nil : random.pick(fallback)) : random.pick(candidates)
        }
        let destination = target ?? (source == 0 ? 1 : 0)
        let sourceCents = cents ?? random.int64(in: 2_000...300_000)
        let amount = inAccountCurrency(sourceCents, account: source, on: day)
        return TransactionDraft(
            account: source, code: .transfer, amount: amount, toAccount: destination,
            toAmount: convert(amount, from: accounts[source].currency, to: accounts[destination].currency, on: day),
            category: CategoryIndex.transfer
        )
    }

    /// A purchase split over 2 to 4 categories; one in five has a negative part (a refund inside the receipt).
    func split(
        permille: Int, day: CivilDate, random: inout FixtureRandom, negativePart: Bool? = nil, account: Int? = nil
    ) -> TransactionDraft {
        var draft = purchase(permille: permille, day: day, random: &random, account: account)
        let parts = random.int(in: 2...4)
        draft.amount = max(draft.amount, Int64(parts) * 100)
        draft.code = .withdrawal
        draft.category = -1
        var remaining = draft.amount
        for part in 0..<parts {
            let amount = part == parts - 1 ? remaining : random.int64(in: 1...(remaining - Int64(parts - part - 1)))
            remaining -= amount
            draft.splits.append((random.pick(categories.expense), amount))
        }
        if negativePart ?? random.chance(perMille: 200) {
            let refund = max(1, draft.amount / 10)
            draft.splits[0].amount += refund
            draft.splits.append((CategoryIndex.refund, -refund))
        }
        return draft
    }

    func shareTrade(permille: Int, day: CivilDate, random: inout FixtureRandom, stock: Int? = nil) -> TransactionDraft {
        let candidates = stocks.indices.filter {
            let account = accounts[stocks[$0].sharesAccount]
            return account.activeFrom <= permille && permille <= account.activeUntil
        }
        let index = stock ?? (candidates.isEmpty ? 0 : random.pick(candidates))
        let entry = stocks[index]
        let account = entry.sharesAccount
        let digits = currencies[accounts[account].currency].digits
        let price = entry.price(on: day, from: timeline.firstDay)
        let isPurchase = entry.shares == 0 || random.chance(perMille: 700)
        var shares: Int64
        if isPurchase {
            shares = random.int64(in: 1...40) * 10_000
            if random.chance(perMille: 250) { shares += random.int64(in: 1...9_999) }
        } else {
            shares = max(1, entry.shares / Int64(random.int(in: 2...5)))
        }
        let commission = random.pick([Int64(0), 1, 495, 990])
        let gross = FixedPoint.multiplyDivide(shares, price, 100_000_000 / FixedPoint.scale(digits)) ?? 0
        let amount = isPurchase ? gross + commission : max(1, gross - commission)
        return TransactionDraft(
            account: account, code: isPurchase ? .deposit : .withdrawal, amount: amount, payee: payees.broker,
            category: isPurchase ? CategoryIndex.sharePurchase : CategoryIndex.shareSale,
            share: ShareTrade(stock: index, shares: shares, price: price, commission: commission, isPurchase: isPurchase)
        )
    }

    /// Money moved from the main account into the Asset account, linked to an asset.
    func assetPurchase(day: CivilDate, random: inout FixtureRandom, asset: Int? = nil) -> TransactionDraft {
        var draft = transfer(permille: 1000, day: day, random: &random, from: accountIndex(named: "Girokonto"),
                             to: accountIndex(named: "House"), cents: random.int64(in: 50_000...2_000_000))
        draft.asset = asset ?? random.below(assets.count)
        return draft
    }
}

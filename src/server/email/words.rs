//! The mails' words in the page's ten languages. `{club}`, `{name}`, `{days}` and `{hours}`
//! are filled in by [`letters`](super::letters).

/// The words of one language.
pub struct Words {
    /// The verification mail's subject.
    pub verify_subject: &'static str,
    /// Above the verification link.
    pub verify_text: &'static str,
    /// The subject of the mail to an address someone else tried to add.
    pub tried_subject: &'static str,
    /// Its text.
    pub tried_text: &'static str,
    /// The reset mail's subject.
    pub reset_subject: &'static str,
    /// Above the reset link.
    pub reset_text: &'static str,
    /// The digest's subject.
    pub digest_subject: &'static str,
    /// Above the games at the member's move.
    pub digest_games: &'static str,
    /// Above the challenges waiting for the member.
    pub digest_challenges: &'static str,
    /// A game's opponent.
    pub against: &'static str,
    /// A challenge's sender.
    pub from: &'static str,
    /// The time left to move.
    pub time_left: &'static str,
    /// A game without a clock.
    pub no_clock: &'static str,
    /// The footer of every mail, above the unsubscribe link.
    pub unsubscribe: &'static str,
}

/// The words of `lang` (a page language such as `de` or `zh-hant`), English for any other.
pub fn words(lang: &str) -> &'static Words {
    match lang {
        "de" => &DE,
        "es" => &ES,
        "fr" => &FR,
        "ja" => &JA,
        "ko" => &KO,
        "pt" => &PT,
        "vi" => &VI,
        "zh-hans" => &ZH_HANS,
        "zh-hant" => &ZH_HANT,
        _ => &EN,
    }
}

/// The languages with words of their own, English first.
pub const LANGUAGES: [&str; 10] = ["en", "de", "es", "fr", "ja", "ko", "pt", "vi", "zh-hans", "zh-hant"];

const EN: Words = Words {
    verify_subject: "Confirm your email address",
    verify_text: "Open this link to confirm your email address at {club} (valid for 24 hours):",
    tried_subject: "Someone tried to add your address",
    tried_text: "Someone tried to add this email address to another account at {club}. It stays with your account; you need not do anything.",
    reset_subject: "Choose a new password",
    reset_text: "Open this link within 30 minutes to choose a new password at {club}. If you did not ask for it, ignore this mail.",
    digest_subject: "Your games are waiting",
    digest_games: "Games waiting for your move:",
    digest_challenges: "Challenges waiting for your answer:",
    against: "against {name}",
    from: "from {name}",
    time_left: "{days} d {hours} h left",
    no_clock: "no clock",
    unsubscribe: "No more digests from {club}:",
};

const DE: Words = Words {
    verify_subject: "Bestätige deine E-Mail-Adresse",
    verify_text: "Öffne diesen Link, um deine E-Mail-Adresse bei {club} zu bestätigen (24 Stunden gültig):",
    tried_subject: "Jemand wollte deine Adresse hinzufügen",
    tried_text: "Jemand wollte diese E-Mail-Adresse bei {club} einem anderen Konto hinzufügen. Sie bleibt bei deinem Konto; du musst nichts tun.",
    reset_subject: "Wähle ein neues Passwort",
    reset_text: "Öffne diesen Link innerhalb von 30 Minuten, um bei {club} ein neues Passwort zu wählen. Wenn du das nicht angefordert hast, ignoriere diese E-Mail.",
    digest_subject: "Deine Partien warten",
    digest_games: "Partien, in denen du am Zug bist:",
    digest_challenges: "Herausforderungen, die auf deine Antwort warten:",
    against: "gegen {name}",
    from: "von {name}",
    time_left: "noch {days} T {hours} Std",
    no_clock: "ohne Uhr",
    unsubscribe: "Keine Übersichten mehr von {club}:",
};

const ES: Words = Words {
    verify_subject: "Confirma tu dirección de correo",
    verify_text: "Abre este enlace para confirmar tu dirección de correo en {club} (válido 24 horas):",
    tried_subject: "Alguien intentó añadir tu dirección",
    tried_text: "Alguien intentó añadir esta dirección de correo a otra cuenta en {club}. Sigue en tu cuenta; no tienes que hacer nada.",
    reset_subject: "Elige una contraseña nueva",
    reset_text: "Abre este enlace en los próximos 30 minutos para elegir una contraseña nueva en {club}. Si no lo pediste, ignora este correo.",
    digest_subject: "Tus partidas te esperan",
    digest_games: "Partidas en las que te toca mover:",
    digest_challenges: "Desafíos que esperan tu respuesta:",
    against: "contra {name}",
    from: "de {name}",
    time_left: "quedan {days} d {hours} h",
    no_clock: "sin reloj",
    unsubscribe: "No recibir más resúmenes de {club}:",
};

const FR: Words = Words {
    verify_subject: "Confirmez votre adresse e-mail",
    verify_text: "Ouvrez ce lien pour confirmer votre adresse e-mail sur {club} (valable 24 heures) :",
    tried_subject: "Quelqu’un a essayé d’ajouter votre adresse",
    tried_text: "Quelqu’un a essayé d’ajouter cette adresse e-mail à un autre compte sur {club}. Elle reste à votre compte ; vous n’avez rien à faire.",
    reset_subject: "Choisissez un nouveau mot de passe",
    reset_text: "Ouvrez ce lien dans les 30 minutes pour choisir un nouveau mot de passe sur {club}. Si vous ne l’avez pas demandé, ignorez ce message.",
    digest_subject: "Vos parties vous attendent",
    digest_games: "Parties où c’est à vous de jouer :",
    digest_challenges: "Défis qui attendent votre réponse :",
    against: "contre {name}",
    from: "de {name}",
    time_left: "reste {days} j {hours} h",
    no_clock: "sans pendule",
    unsubscribe: "Ne plus recevoir de résumés de {club} :",
};

const JA: Words = Words {
    verify_subject: "メールアドレスの確認",
    verify_text: "{club} のメールアドレスを確認するには、このリンクを開いてください（24 時間有効）：",
    tried_subject: "あなたのアドレスが追加されようとしました",
    tried_text: "{club} で、このメールアドレスを別のアカウントに追加しようとした人がいます。アドレスはあなたのアカウントのままです。何もする必要はありません。",
    reset_subject: "新しいパスワードを設定してください",
    reset_text: "30 分以内にこのリンクを開いて、{club} の新しいパスワードを設定してください。心当たりがない場合は、このメールを無視してください。",
    digest_subject: "対局があなたを待っています",
    digest_games: "あなたの手番の対局：",
    digest_challenges: "返事を待っている挑戦：",
    against: "対 {name}",
    from: "{name} から",
    time_left: "残り {days} 日 {hours} 時間",
    no_clock: "時計なし",
    unsubscribe: "{club} からのまとめの配信を停止：",
};

const KO: Words = Words {
    verify_subject: "이메일 주소를 확인하세요",
    verify_text: "{club}의 이메일 주소를 확인하려면 이 링크를 여세요 (24시간 동안 유효):",
    tried_subject: "누군가 회원님의 주소를 추가하려 했습니다",
    tried_text: "누군가 {club}에서 이 이메일 주소를 다른 계정에 추가하려 했습니다. 주소는 회원님의 계정에 그대로 있으며, 아무것도 하지 않으셔도 됩니다.",
    reset_subject: "새 비밀번호를 정하세요",
    reset_text: "30분 안에 이 링크를 열어 {club}의 새 비밀번호를 정하세요. 요청하지 않았다면 이 메일을 무시하세요.",
    digest_subject: "대국이 기다리고 있습니다",
    digest_games: "회원님의 차례인 대국:",
    digest_challenges: "답을 기다리는 도전:",
    against: "상대: {name}",
    from: "보낸 사람: {name}",
    time_left: "{days}일 {hours}시간 남음",
    no_clock: "시계 없음",
    unsubscribe: "{club}의 요약 그만 받기:",
};

const PT: Words = Words {
    verify_subject: "Confirme o seu endereço de e-mail",
    verify_text: "Abra este link para confirmar o seu endereço de e-mail em {club} (válido por 24 horas):",
    tried_subject: "Alguém tentou adicionar o seu endereço",
    tried_text: "Alguém tentou adicionar este endereço de e-mail a outra conta em {club}. Ele continua na sua conta; não precisa de fazer nada.",
    reset_subject: "Escolha uma nova senha",
    reset_text: "Abra este link dentro de 30 minutos para escolher uma nova senha em {club}. Se não pediu isto, ignore este e-mail.",
    digest_subject: "As suas partidas estão à espera",
    digest_games: "Partidas em que é a sua vez:",
    digest_challenges: "Desafios à espera da sua resposta:",
    against: "contra {name}",
    from: "de {name}",
    time_left: "faltam {days} d {hours} h",
    no_clock: "sem relógio",
    unsubscribe: "Não receber mais resumos de {club}:",
};

const VI: Words = Words {
    verify_subject: "Xác nhận địa chỉ email của bạn",
    verify_text: "Mở liên kết này để xác nhận địa chỉ email của bạn tại {club} (có hiệu lực 24 giờ):",
    tried_subject: "Có người đã thử thêm địa chỉ của bạn",
    tried_text: "Có người đã thử thêm địa chỉ email này vào một tài khoản khác tại {club}. Địa chỉ vẫn thuộc tài khoản của bạn; bạn không cần làm gì.",
    reset_subject: "Chọn mật khẩu mới",
    reset_text: "Mở liên kết này trong vòng 30 phút để chọn mật khẩu mới tại {club}. Nếu bạn không yêu cầu, hãy bỏ qua email này.",
    digest_subject: "Các ván cờ đang chờ bạn",
    digest_games: "Các ván đến lượt bạn đi:",
    digest_challenges: "Các lời thách đấu đang chờ bạn trả lời:",
    against: "với {name}",
    from: "từ {name}",
    time_left: "còn {days} ngày {hours} giờ",
    no_clock: "không tính giờ",
    unsubscribe: "Không nhận tóm tắt từ {club} nữa:",
};

const ZH_HANS: Words = Words {
    verify_subject: "确认你的邮箱地址",
    verify_text: "打开此链接以确认你在 {club} 的邮箱地址（24 小时内有效）：",
    tried_subject: "有人试图添加你的地址",
    tried_text: "有人试图在 {club} 把这个邮箱地址添加到另一个账号。它仍属于你的账号；你无需做任何事。",
    reset_subject: "设置新密码",
    reset_text: "请在 30 分钟内打开此链接，为 {club} 设置新密码。如果不是你本人请求的，请忽略此邮件。",
    digest_subject: "你的对局在等你",
    digest_games: "轮到你走棋的对局：",
    digest_challenges: "等待你回复的挑战：",
    against: "对手 {name}",
    from: "来自 {name}",
    time_left: "剩余 {days} 天 {hours} 小时",
    no_clock: "不计时",
    unsubscribe: "不再接收来自 {club} 的摘要：",
};

const ZH_HANT: Words = Words {
    verify_subject: "確認你的電子郵件地址",
    verify_text: "開啟此連結以確認你在 {club} 的電子郵件地址（24 小時內有效）：",
    tried_subject: "有人試圖加入你的地址",
    tried_text: "有人試圖在 {club} 把這個電子郵件地址加入另一個帳號。它仍屬於你的帳號；你無需做任何事。",
    reset_subject: "設定新密碼",
    reset_text: "請在 30 分鐘內開啟此連結，為 {club} 設定新密碼。如果不是你本人要求的，請忽略此郵件。",
    digest_subject: "你的對局在等你",
    digest_games: "輪到你走棋的對局：",
    digest_challenges: "等待你回覆的挑戰：",
    against: "對手 {name}",
    from: "來自 {name}",
    time_left: "剩餘 {days} 天 {hours} 小時",
    no_clock: "不計時",
    unsubscribe: "不再接收來自 {club} 的摘要：",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_words_with_their_places() {
        let all: Vec<&Words> = LANGUAGES.iter().map(|lang| words(lang)).collect();
        for (lang, words) in LANGUAGES.iter().zip(&all) {
            for text in [words.verify_text, words.tried_text, words.reset_text, words.unsubscribe] {
                assert!(text.contains("{club}"), "{lang}: {text}");
            }
            assert!(words.time_left.contains("{days}") && words.time_left.contains("{hours}"), "{lang}");
            assert!(words.against.contains("{name}") && words.from.contains("{name}"), "{lang}");
        }
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b.reset_text != a.reset_text), "{} is a copy", LANGUAGES[i]);
        }
        assert_eq!(words("xx").reset_subject, EN.reset_subject);
    }
}

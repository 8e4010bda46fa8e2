// Full sentences (and texts of 5-8 words) in the 13 covered languages: lid.176's answer stands, ≥ 98 % right.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageDetector, type FastTextLanguageDetector } from './language-id.js';

/** Support and review sentences written for this test, eight per covered language. */
const sentences: Array<[string, string]> = [
  ['en', 'I ordered a blue jacket last week but received a green one instead.'],
  ['en', 'The app logs me out every few minutes, which is really annoying.'],
  ['en', 'Could you please send me an invoice for my last three payments?'],
  ['en', 'Great headphones, the sound is clear and the battery lasts all day.'],
  ['en', 'My package was marked as delivered, but nothing was at my door.'],
  ['en', 'I would like to change the shipping address on my current order.'],
  ['en', 'Customer support never answered my emails, so I am leaving a bad review.'],
  ['en', 'The discount code from your newsletter does not work at checkout.'],
  ['de', 'Ich habe gestern eine Bestellung aufgegeben und noch keine Bestätigung bekommen.'],
  ['de', 'Die Kopfhörer sind super, der Akku hält den ganzen Tag.'],
  ['de', 'Können Sie mir bitte die Rechnung für März noch einmal schicken?'],
  ['de', 'Mein Paket wurde als zugestellt markiert, aber es ist nicht angekommen.'],
  ['de', 'Ich möchte mein Abonnement zum Ende des Monats kündigen.'],
  ['de', 'Der Rabattcode aus dem Newsletter funktioniert an der Kasse nicht.'],
  ['de', 'Leider war der Artikel beschädigt, ich hätte gern einen Ersatz.'],
  ['de', 'Der Kundenservice hat sehr schnell und freundlich geantwortet.'],
  ['pl', 'Zamówiłem niebieską kurtkę, a dostałem zieloną, proszę o wymianę.'],
  ['pl', 'Aplikacja wylogowuje mnie co kilka minut i to jest bardzo irytujące.'],
  ['pl', 'Czy mogę prosić o fakturę za ostatnie trzy płatności?'],
  ['pl', 'Słuchawki są świetne, dźwięk jest czysty, a bateria wystarcza na cały dzień.'],
  ['pl', 'Paczka jest oznaczona jako doręczona, ale nic do mnie nie dotarło.'],
  ['pl', 'Chciałabym zmienić adres dostawy w moim aktualnym zamówieniu.'],
  ['pl', 'Obsługa klienta nie odpowiedziała na żadnego maila od tygodnia.'],
  ['pl', 'Kod rabatowy z newslettera nie działa przy płatności.'],
  ['fr', "J'ai commandé une veste bleue la semaine dernière mais j'ai reçu une verte."],
  ['fr', "L'application me déconnecte toutes les deux minutes, c'est vraiment pénible."],
  ['fr', "Pourriez-vous m'envoyer la facture de mes trois derniers paiements ?"],
  ['fr', 'Très bon casque, le son est clair et la batterie tient toute la journée.'],
  ['fr', "Mon colis est indiqué comme livré, mais je n'ai rien reçu."],
  ['fr', "Je voudrais changer l'adresse de livraison de ma commande en cours."],
  ['fr', 'Le service client ne répond jamais à mes messages, je suis déçu.'],
  ['fr', 'Le code promo de votre newsletter ne fonctionne pas au moment du paiement.'],
  ['es', 'Pedí una chaqueta azul la semana pasada pero me llegó una verde.'],
  ['es', 'La aplicación me cierra la sesión cada pocos minutos y es muy molesto.'],
  ['es', '¿Podrían enviarme la factura de mis últimos tres pagos, por favor?'],
  ['es', 'Los auriculares son geniales, el sonido es claro y la batería dura todo el día.'],
  ['es', 'El paquete figura como entregado, pero no había nada en mi puerta.'],
  ['es', 'Quisiera cambiar la dirección de envío de mi pedido actual.'],
  ['es', 'El servicio al cliente nunca contestó mis correos, estoy muy decepcionado.'],
  ['es', 'El código de descuento del boletín no funciona al pagar.'],
  ['it', 'Ho ordinato una giacca blu la settimana scorsa ma ne ho ricevuta una verde.'],
  ['it', "L'app mi disconnette ogni pochi minuti ed è davvero fastidioso."],
  ['it', 'Potreste inviarmi la fattura degli ultimi tre pagamenti?'],
  ['it', 'Cuffie ottime, il suono è pulito e la batteria dura tutto il giorno.'],
  ['it', "Il pacco risulta consegnato, ma alla mia porta non c'era niente."],
  ['it', "Vorrei cambiare l'indirizzo di spedizione del mio ordine attuale."],
  ['it', 'Il servizio clienti non ha mai risposto alle mie email, sono deluso.'],
  ['it', 'Il codice sconto della newsletter non funziona al momento del pagamento.'],
  ['pt', 'Pedi uma jaqueta azul na semana passada, mas recebi uma verde.'],
  ['pt', 'O aplicativo me desconecta a cada poucos minutos, é muito irritante.'],
  ['pt', 'Vocês poderiam me enviar a nota fiscal dos últimos três pagamentos?'],
  ['pt', 'Os fones são ótimos, o som é limpo e a bateria dura o dia inteiro.'],
  ['pt', 'O pacote aparece como entregue, mas não havia nada na minha porta.'],
  ['pt', 'Gostaria de mudar o endereço de entrega do meu pedido atual.'],
  ['pt', 'O atendimento nunca respondeu aos meus e-mails, estou muito decepcionado.'],
  ['pt', 'O cupom de desconto da newsletter não funciona na hora de pagar.'],
  ['nl', 'Ik heb vorige week een blauwe jas besteld, maar ik kreeg een groene.'],
  ['nl', 'De app logt me om de paar minuten uit, dat is echt vervelend.'],
  ['nl', 'Kunt u mij de factuur van mijn laatste drie betalingen sturen?'],
  ['nl', 'Geweldige koptelefoon, het geluid is helder en de batterij gaat de hele dag mee.'],
  ['nl', 'Mijn pakket staat als bezorgd, maar er lag niets bij mijn deur.'],
  ['nl', 'Ik wil graag het bezorgadres van mijn huidige bestelling wijzigen.'],
  ['nl', 'De klantenservice heeft nooit op mijn mails gereageerd, ik ben teleurgesteld.'],
  ['nl', 'De kortingscode uit de nieuwsbrief werkt niet bij het afrekenen.'],
  ['sv', 'Jag beställde en blå jacka förra veckan men fick en grön.'],
  ['sv', 'Appen loggar ut mig med några minuters mellanrum, det är väldigt irriterande.'],
  ['sv', 'Kan ni skicka fakturan för mina tre senaste betalningar?'],
  ['sv', 'Bra hörlurar, ljudet är klart och batteriet räcker hela dagen.'],
  ['sv', 'Paketet står som levererat, men det fanns ingenting vid min dörr.'],
  ['sv', 'Jag vill ändra leveransadressen för min nuvarande beställning.'],
  ['sv', 'Kundtjänst har aldrig svarat på mina mejl, jag är besviken.'],
  ['sv', 'Rabattkoden från nyhetsbrevet fungerar inte i kassan.'],
  ['tr', 'Geçen hafta mavi bir ceket sipariş ettim ama yeşil olanı geldi.'],
  ['tr', 'Uygulama birkaç dakikada bir oturumumu kapatıyor, gerçekten çok sinir bozucu.'],
  ['tr', 'Son üç ödememin faturasını bana gönderebilir misiniz?'],
  ['tr', 'Kulaklıklar harika, ses çok net ve pil bütün gün dayanıyor.'],
  ['tr', 'Kargo teslim edildi görünüyor ama kapımda hiçbir şey yoktu.'],
  ['tr', 'Mevcut siparişimin teslimat adresini değiştirmek istiyorum.'],
  ['tr', 'Müşteri hizmetleri e-postalarıma hiç cevap vermedi, çok hayal kırıklığına uğradım.'],
  ['tr', 'Bültendeki indirim kodu ödeme sırasında çalışmıyor.'],
  ['ru', 'На прошлой неделе я заказал синюю куртку, а получил зелёную.'],
  ['ru', 'Приложение выкидывает меня из аккаунта каждые несколько минут, это очень раздражает.'],
  ['ru', 'Не могли бы вы прислать счёт за последние три платежа?'],
  ['ru', 'Отличные наушники, звук чистый, а батареи хватает на весь день.'],
  ['ru', 'Посылка отмечена как доставленная, но у двери ничего не было.'],
  ['ru', 'Я хотел бы изменить адрес доставки в моём текущем заказе.'],
  ['ru', 'Служба поддержки так и не ответила на мои письма, я разочарован.'],
  ['ru', 'Промокод из рассылки не работает при оформлении заказа.'],
  ['ja', '先週青いジャケットを注文しましたが、緑色のものが届きました。'],
  ['ja', 'アプリが数分ごとにログアウトしてしまい、とても困っています。'],
  ['ja', '直近三回分の支払いの請求書を送っていただけますか。'],
  ['ja', 'このヘッドホンは音がクリアで、バッテリーも一日中持ちます。'],
  ['ja', '配達済みになっていますが、玄関には何もありませんでした。'],
  ['ja', '現在の注文の配送先住所を変更したいです。'],
  ['ja', 'サポートにメールを送っても返事がなく、がっかりしています。'],
  ['ja', 'メルマガの割引コードが会計時に使えません。'],
  ['zh', '我上周订了一件蓝色夹克，结果收到的是绿色的。'],
  ['zh', '这个应用每隔几分钟就把我退出登录，真的很烦。'],
  ['zh', '能否把最近三次付款的发票发给我？'],
  ['zh', '耳机很好，音质清晰，电池可以用一整天。'],
  ['zh', '包裹显示已经签收，但是我门口什么都没有。'],
  ['zh', '我想修改当前订单的收货地址。'],
  ['zh', '客服一直没有回复我的邮件，我非常失望。'],
  ['zh', '会员通讯里的优惠码在结账时用不了。'],
];

/** Texts of 5-8 words, past the short-text limit: four per covered language. */
const mediumTexts: Array<[string, string]> = [
  ['en', 'still no refund after two weeks'],
  ['en', 'the app crashes when I open settings'],
  ['en', 'please cancel my order, wrong size'],
  ['en', 'package arrived damaged and parts are missing'],
  ['de', 'immer noch keine Erstattung nach zwei Wochen'],
  ['de', 'die App stürzt beim Öffnen ab'],
  ['de', 'bitte Bestellung stornieren, falsche Größe'],
  ['de', 'Paket kam beschädigt an, Teile fehlen'],
  ['pl', 'nadal brak zwrotu po dwóch tygodniach'],
  ['pl', 'aplikacja się wyłącza przy otwieraniu ustawień'],
  ['pl', 'proszę anulować zamówienie, zły rozmiar'],
  ['pl', 'paczka przyszła uszkodzona, brakuje części'],
  ['fr', 'toujours pas de remboursement après deux semaines'],
  ['fr', "l'appli plante quand j'ouvre les réglages"],
  ['fr', 'annulez ma commande svp, mauvaise taille'],
  ['fr', 'colis arrivé abîmé et il manque des pièces'],
  ['es', 'todavía sin reembolso después de dos semanas'],
  ['es', 'la app se cierra al abrir ajustes'],
  ['es', 'cancelen mi pedido por favor, talla equivocada'],
  ['es', 'el paquete llegó dañado y faltan piezas'],
  ['it', 'ancora nessun rimborso dopo due settimane'],
  ['it', "l'app si chiude quando apro le impostazioni"],
  ['it', 'annullate il mio ordine, taglia sbagliata'],
  ['it', 'pacco arrivato danneggiato e mancano dei pezzi'],
  ['pt', 'ainda sem reembolso depois de duas semanas'],
  ['pt', 'o app fecha quando abro as configurações'],
  ['pt', 'cancelem meu pedido por favor, tamanho errado'],
  ['pt', 'a encomenda chegou danificada e faltam peças'],
  ['nl', 'nog steeds geen terugbetaling na twee weken'],
  ['nl', 'de app crasht als ik instellingen open'],
  ['nl', 'annuleer mijn bestelling aub, verkeerde maat'],
  ['nl', 'pakket kwam beschadigd aan, onderdelen ontbreken'],
  ['sv', 'fortfarande ingen återbetalning efter två veckor'],
  ['sv', 'appen kraschar när jag öppnar inställningar'],
  ['sv', 'avbryt min beställning tack, fel storlek'],
  ['sv', 'paketet kom skadat och delar saknas'],
  ['tr', 'iki hafta oldu hâlâ iade yok'],
  ['tr', 'ayarları açınca uygulama kapanıyor'],
  ['tr', 'siparişimi iptal edin lütfen, beden yanlış'],
  ['tr', 'paket hasarlı geldi, parçalar eksik'],
  ['ru', 'до сих пор нет возврата спустя две недели'],
  ['ru', 'приложение вылетает при открытии настроек'],
  ['ru', 'отмените заказ пожалуйста, не тот размер'],
  ['ru', 'посылка пришла повреждённой, не хватает деталей'],
  ['ja', '二週間たってもまだ返金されません'],
  ['ja', '設定を開くとアプリが落ちます'],
  ['ja', 'サイズ違いなので注文を取り消してください'],
  ['ja', '荷物が破損していて部品が足りません'],
  ['zh', '两个星期了还没有退款'],
  ['zh', '打开设置的时候应用就闪退'],
  ['zh', '尺码错了，请取消我的订单'],
  ['zh', '包裹到的时候坏了，还少了零件'],
];

const { cases } = JSON.parse(readFileSync(new URL('./fixtures/language-id-set.json', import.meta.url), 'utf8')) as {
  cases: Array<{ lang: string; kind: string; text: string }>;
};
const longTexts = cases.filter((c) => c.kind === 'long').map((c): [string, string] => [c.lang, c.text]);

/** Within the detector's short-text limit: 25 characters, or 4 words where words are spaced. */
const isShort = (text: string) =>
  text.length <= 25 ||
  (text.split(/\s+/).length <= 4 && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text));

let detector: FastTextLanguageDetector;
let lidAlone: FastTextLanguageDetector;

beforeAll(async () => {
  [detector, lidAlone] = await Promise.all([loadLanguageDetector(), loadLanguageDetector({ wordLists: null })]);
});

function accuracy(name: string, texts: Array<[string, string]>): number {
  const misses = texts.filter(([lang, text]) => detector.detect(text) !== lang);
  const rate = 1 - misses.length / texts.length;
  const list = misses.map(([lang, text]) => `${lang}→${detector.detect(text)} ${text}`).join(' | ');
  console.info(`${name}: ${(100 * rate).toFixed(1)} % of ${texts.length}${list ? `; misses: ${list}` : ''}`);
  return rate;
}

describe('full sentences', () => {
  it('are identified ≥ 98 % right (our sentences and the long texts of the 30-language set)', () => {
    expect(accuracy('sentences', sentences)).toBeGreaterThanOrEqual(0.98);
    expect(accuracy('30-language long texts', longTexts)).toBeGreaterThanOrEqual(0.98);
    expect(accuracy('5-8 words', mediumTexts)).toBeGreaterThanOrEqual(0.98);
  });

  it('past the short-text limit keep lid.176’s own answer', () => {
    const long = [...sentences, ...mediumTexts, ...longTexts].filter(([, text]) => !isShort(text));
    expect(long.length).toBeGreaterThan(150);
    for (const [, text] of long) expect([text, detector.detect(text)]).toEqual([text, lidAlone.detect(text)]);
  });
});

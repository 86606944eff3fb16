// Every First Contact item's picture, shipped with the client so that it is
// the same on every device: Twemoji's drawings (CC-BY 4.0, see README.md),
// imported one file at a time so that this game's chunk carries only its
// own, and the project's own drawings (pictures/) for the items no emoji
// shows. Each import is an asset URL (never inlined: 168 pictures as data
// URIs would weigh more than the rest of the game), loaded as an <img>.
import pyramid from "@twemoji/svg/1f53a.svg?no-inline";
import sphinx from "./pictures/sphinx.svg?no-inline";
import obelisk from "./pictures/obelisk.svg?no-inline";
import temple from "@twemoji/svg/1f3db.svg?no-inline";
import pharaoh from "@twemoji/svg/1f934.svg?no-inline";
import queen from "@twemoji/svg/1f478.svg?no-inline";
import scribe from "@twemoji/svg/270d.svg?no-inline";
import soldier from "@twemoji/svg/1f482.svg?no-inline";
import mummy from "./pictures/mummy.svg?no-inline";
import priest from "@twemoji/svg/1f64f.svg?no-inline";
import skull from "@twemoji/svg/1f480.svg?no-inline";
import sarcophagus from "@twemoji/svg/26b0.svg?no-inline";
import scarab from "@twemoji/svg/1fab2.svg?no-inline";
import papyrus from "@twemoji/svg/1f4dc.svg?no-inline";
import rosetta_stone from "./pictures/rosetta_stone.svg?no-inline";
import chariot from "./pictures/chariot.svg?no-inline";
import sailboat from "@twemoji/svg/26f5.svg?no-inline";
import dagger from "@twemoji/svg/1f5e1.svg?no-inline";
import bow from "@twemoji/svg/1f3f9.svg?no-inline";
import arrow from "./pictures/arrow.svg?no-inline";
import spear from "./pictures/spear.svg?no-inline";
import shield from "@twemoji/svg/1f6e1.svg?no-inline";
import sword from "@twemoji/svg/2694.svg?no-inline";
import amphora from "@twemoji/svg/1f3fa.svg?no-inline";
import necklace from "@twemoji/svg/1f4ff.svg?no-inline";
import ring from "@twemoji/svg/1f48d.svg?no-inline";
import crown from "@twemoji/svg/1f451.svg?no-inline";
import scepter from "./pictures/scepter.svg?no-inline";
import gold_bar from "./pictures/gold_bar.svg?no-inline";
import coin from "@twemoji/svg/1fa99.svg?no-inline";
import sandals from "@twemoji/svg/1fa74.svg?no-inline";
import wig from "./pictures/wig.svg?no-inline";
import torch from "./pictures/torch.svg?no-inline";
import mirror from "@twemoji/svg/1fa9e.svg?no-inline";
import wall from "@twemoji/svg/1f9f1.svg?no-inline";
import rope from "@twemoji/svg/1faa2.svg?no-inline";
import bread from "@twemoji/svg/1f35e.svg?no-inline";
import beer from "@twemoji/svg/1f37a.svg?no-inline";
import wine from "@twemoji/svg/1f377.svg?no-inline";
import wheat from "@twemoji/svg/1f33e.svg?no-inline";
import lotus from "@twemoji/svg/1fab7.svg?no-inline";
import palm from "@twemoji/svg/1f334.svg?no-inline";
import apple from "@twemoji/svg/1f34e.svg?no-inline";
import onion from "@twemoji/svg/1f9c5.svg?no-inline";
import grapes from "@twemoji/svg/1f347.svg?no-inline";
import meat from "@twemoji/svg/1f356.svg?no-inline";
import fish from "@twemoji/svg/1f41f.svg?no-inline";
import egg from "@twemoji/svg/1f95a.svg?no-inline";
import honey from "@twemoji/svg/1f36f.svg?no-inline";
import olive_oil from "@twemoji/svg/1fad2.svg?no-inline";
import perfume from "@twemoji/svg/1f9f4.svg?no-inline";
import ink from "./pictures/ink.svg?no-inline";
import poison from "@twemoji/svg/1f9ea.svg?no-inline";
import river from "@twemoji/svg/1f3de.svg?no-inline";
import sea from "@twemoji/svg/1f30a.svg?no-inline";
import soup from "@twemoji/svg/1f372.svg?no-inline";
import tea from "@twemoji/svg/1f375.svg?no-inline";
import oasis from "@twemoji/svg/1f3dd.svg?no-inline";
import paint from "@twemoji/svg/1f3a8.svg?no-inline";
import rose from "@twemoji/svg/1f339.svg?no-inline";
import tree from "@twemoji/svg/1f333.svg?no-inline";
import cactus from "@twemoji/svg/1f335.svg?no-inline";
import horse from "@twemoji/svg/1f40e.svg?no-inline";
import hippo from "@twemoji/svg/1f99b.svg?no-inline";
import elephant from "@twemoji/svg/1f418.svg?no-inline";
import rhino from "@twemoji/svg/1f98f.svg?no-inline";
import snake from "@twemoji/svg/1f40d.svg?no-inline";
import crocodile from "@twemoji/svg/1f40a.svg?no-inline";
import lion from "@twemoji/svg/1f981.svg?no-inline";
import camel from "@twemoji/svg/1f42a.svg?no-inline";
import cat from "@twemoji/svg/1f408.svg?no-inline";
import dog from "@twemoji/svg/1f415.svg?no-inline";
import falcon from "@twemoji/svg/1f985.svg?no-inline";
import ibis from "@twemoji/svg/1f9a9.svg?no-inline";
import owl from "@twemoji/svg/1f989.svg?no-inline";
import bee from "@twemoji/svg/1f41d.svg?no-inline";
import butterfly from "@twemoji/svg/1f98b.svg?no-inline";
import scorpion from "@twemoji/svg/1f982.svg?no-inline";
import turtle from "@twemoji/svg/1f422.svg?no-inline";
import baby from "@twemoji/svg/1f476.svg?no-inline";
import dancer from "@twemoji/svg/1f483.svg?no-inline";
import runner from "@twemoji/svg/1f3c3.svg?no-inline";
import astronaut from "@twemoji/svg/1f9d1-200d-1f680.svg?no-inline";
import doctor from "@twemoji/svg/1f9d1-200d-2695-fe0f.svg?no-inline";
import house from "@twemoji/svg/1f3e0.svg?no-inline";
import hammer from "@twemoji/svg/1f528.svg?no-inline";
import shovel from "./pictures/shovel.svg?no-inline";
import pickaxe from "@twemoji/svg/26cf.svg?no-inline";
import axe from "@twemoji/svg/1fa93.svg?no-inline";
import knife from "@twemoji/svg/1f52a.svg?no-inline";
import scissors from "@twemoji/svg/2702.svg?no-inline";
import needle from "@twemoji/svg/1faa1.svg?no-inline";
import key from "@twemoji/svg/1f511.svg?no-inline";
import clock from "@twemoji/svg/23f0.svg?no-inline";
import book from "@twemoji/svg/1f4d6.svg?no-inline";
import compass from "@twemoji/svg/1f9ed.svg?no-inline";
import telescope from "@twemoji/svg/1f52d.svg?no-inline";
import candle from "@twemoji/svg/1f56f.svg?no-inline";
import fire from "@twemoji/svg/1f525.svg?no-inline";
import sun from "@twemoji/svg/2600.svg?no-inline";
import airplane from "@twemoji/svg/2708.svg?no-inline";
import kite from "@twemoji/svg/1fa81.svg?no-inline";
import feather from "@twemoji/svg/1fab6.svg?no-inline";
import umbrella from "@twemoji/svg/2602.svg?no-inline";
import hat from "@twemoji/svg/1f452.svg?no-inline";
import dress from "@twemoji/svg/1f457.svg?no-inline";
import coat from "@twemoji/svg/1f9e5.svg?no-inline";
import scarf from "@twemoji/svg/1f9e3.svg?no-inline";
import gloves from "@twemoji/svg/1f9e4.svg?no-inline";
import shoe from "@twemoji/svg/1f45e.svg?no-inline";
import socks from "@twemoji/svg/1f9e6.svg?no-inline";
import helmet from "@twemoji/svg/1fa96.svg?no-inline";
import armor from "./pictures/armor.svg?no-inline";
import ball from "@twemoji/svg/26bd.svg?no-inline";
import bomb from "@twemoji/svg/1f4a3.svg?no-inline";
import boomerang from "@twemoji/svg/1fa83.svg?no-inline";
import whip from "./pictures/whip.svg?no-inline";
import trident from "@twemoji/svg/1f531.svg?no-inline";
import diamond from "@twemoji/svg/1f48e.svg?no-inline";
import chest from "./pictures/chest.svg?no-inline";
import kimchi from "./pictures/kimchi.svg?no-inline";
import hanbok from "./pictures/hanbok.svg?no-inline";
import gayageum from "./pictures/gayageum.svg?no-inline";
import bibimbap from "./pictures/bibimbap.svg?no-inline";
import tteok from "@twemoji/svg/1f361.svg?no-inline";
import gimbap from "./pictures/gimbap.svg?no-inline";
import tteokbokki from "./pictures/tteokbokki.svg?no-inline";
import makgeolli from "@twemoji/svg/1f376.svg?no-inline";
import japchae from "./pictures/japchae.svg?no-inline";
import hotteok from "@twemoji/svg/1f95e.svg?no-inline";
import songpyeon from "@twemoji/svg/1f95f.svg?no-inline";
import ginseng from "@twemoji/svg/1fada.svg?no-inline";
import persimmon from "./pictures/persimmon.svg?no-inline";
import magpie from "@twemoji/svg/1f426-200d-2b1b.svg?no-inline";
import tiger from "@twemoji/svg/1f405.svg?no-inline";
import hanok from "./pictures/hanok.svg?no-inline";
import turtle_ship from "./pictures/turtle_ship.svg?no-inline";
import cheomseongdae from "./pictures/cheomseongdae.svg?no-inline";
import celadon from "./pictures/celadon.svg?no-inline";
import hahoe_mask from "@twemoji/svg/1f3ad.svg?no-inline";
import taegukgi from "@twemoji/svg/1f1f0-1f1f7.svg?no-inline";
import mugunghwa from "@twemoji/svg/1f33a.svg?no-inline";
import yut from "./pictures/yut.svg?no-inline";
import jegi from "./pictures/jegi.svg?no-inline";
import gat from "./pictures/gat.svg?no-inline";
import norigae from "./pictures/norigae.svg?no-inline";
import binyeo from "./pictures/binyeo.svg?no-inline";
import dol_hareubang from "@twemoji/svg/1f5ff.svg?no-inline";
import onggi from "./pictures/onggi.svg?no-inline";
import sujeo from "@twemoji/svg/1f962.svg?no-inline";
import hangul from "./pictures/hangul.svg?no-inline";
import hwacha from "./pictures/hwacha.svg?no-inline";
import buchae from "@twemoji/svg/1faad.svg?no-inline";
import samgyetang from "./pictures/samgyetang.svg?no-inline";
import bingsu from "@twemoji/svg/1f367.svg?no-inline";
import cheongsachorong from "@twemoji/svg/1f3ee.svg?no-inline";
import taekwondo from "@twemoji/svg/1f94b.svg?no-inline";
import bamboo from "@twemoji/svg/1f38b.svg?no-inline";
import ramyeon from "@twemoji/svg/1f35c.svg?no-inline";
import gochu from "@twemoji/svg/1f336.svg?no-inline";
import computer from "@twemoji/svg/1f4bb.svg?no-inline";
import phone from "@twemoji/svg/1f4f1.svg?no-inline";
import car from "@twemoji/svg/1f697.svg?no-inline";
import bicycle from "@twemoji/svg/1f6b2.svg?no-inline";
import rocket from "@twemoji/svg/1f680.svg?no-inline";
import train from "@twemoji/svg/1f682.svg?no-inline";
import guitar from "@twemoji/svg/1f3b8.svg?no-inline";
import pizza from "@twemoji/svg/1f355.svg?no-inline";

/** The picture of each item id (games/first_contact/data/items.json). */
export const PICTURES: Readonly<Record<string, string>> = {
  pyramid,
  sphinx,
  obelisk,
  temple,
  pharaoh,
  queen,
  scribe,
  soldier,
  mummy,
  priest,
  skull,
  sarcophagus,
  scarab,
  papyrus,
  rosetta_stone,
  chariot,
  sailboat,
  dagger,
  bow,
  arrow,
  spear,
  shield,
  sword,
  amphora,
  necklace,
  ring,
  crown,
  scepter,
  gold_bar,
  coin,
  sandals,
  wig,
  torch,
  mirror,
  wall,
  rope,
  bread,
  beer,
  wine,
  wheat,
  lotus,
  palm,
  apple,
  onion,
  grapes,
  meat,
  fish,
  egg,
  honey,
  olive_oil,
  perfume,
  ink,
  poison,
  river,
  sea,
  soup,
  tea,
  oasis,
  paint,
  rose,
  tree,
  cactus,
  horse,
  hippo,
  elephant,
  rhino,
  snake,
  crocodile,
  lion,
  camel,
  cat,
  dog,
  falcon,
  ibis,
  owl,
  bee,
  butterfly,
  scorpion,
  turtle,
  baby,
  dancer,
  runner,
  astronaut,
  doctor,
  house,
  hammer,
  shovel,
  pickaxe,
  axe,
  knife,
  scissors,
  needle,
  key,
  clock,
  book,
  compass,
  telescope,
  candle,
  fire,
  sun,
  airplane,
  kite,
  feather,
  umbrella,
  hat,
  dress,
  coat,
  scarf,
  gloves,
  shoe,
  socks,
  helmet,
  armor,
  ball,
  bomb,
  boomerang,
  whip,
  trident,
  diamond,
  chest,
  kimchi,
  hanbok,
  gayageum,
  bibimbap,
  tteok,
  gimbap,
  tteokbokki,
  makgeolli,
  japchae,
  hotteok,
  songpyeon,
  ginseng,
  persimmon,
  magpie,
  tiger,
  hanok,
  turtle_ship,
  cheomseongdae,
  celadon,
  hahoe_mask,
  taegukgi,
  mugunghwa,
  yut,
  jegi,
  gat,
  norigae,
  binyeo,
  dol_hareubang,
  onggi,
  sujeo,
  hangul,
  hwacha,
  buchae,
  samgyetang,
  bingsu,
  cheongsachorong,
  taekwondo,
  bamboo,
  ramyeon,
  gochu,
  computer,
  phone,
  car,
  bicycle,
  rocket,
  train,
  guitar,
  pizza,
};

/** An item's picture URL, or undefined for an id the client does not know. */
export function pictureOf(id: string): string | undefined {
  return Object.hasOwn(PICTURES, id) ? PICTURES[id] : undefined;
}

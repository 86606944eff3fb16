// Every First Giants card's picture, shipped with the client so that it is
// the same on every device: Twemoji's drawings (CC-BY 4.0, see README.md)
// where an emoji shows the animal's kind, and the project's own drawings
// (pictures/) for the kinds no emoji shows (pterosaurs, plesiosaurs,
// ceratopsians, stegosaurs, ankylosaurs, ornithopods, glyptodonts). Imported
// one file at a time as asset URLs (never inlined), loaded as an <img>.
import ankylosaur from "./pictures/ankylosaur.svg?no-inline";
import ceratopsian from "./pictures/ceratopsian.svg?no-inline";
import glyptodont from "./pictures/glyptodont.svg?no-inline";
import ornithopod from "./pictures/ornithopod.svg?no-inline";
import plesiosaur from "./pictures/plesiosaur.svg?no-inline";
import pliosaur from "./pictures/pliosaur.svg?no-inline";
import pterosaur from "./pictures/pterosaur.svg?no-inline";
import stegosaur from "./pictures/stegosaur.svg?no-inline";
import theropod from "@twemoji/svg/1f996.svg?no-inline";
import sauropod from "@twemoji/svg/1f995.svg?no-inline";
import nest from "@twemoji/svg/1faba.svg?no-inline";
import turtle from "@twemoji/svg/1f422.svg?no-inline";
import lizard from "@twemoji/svg/1f98e.svg?no-inline";
import dolphin from "@twemoji/svg/1f42c.svg?no-inline";
import crocodile from "@twemoji/svg/1f40a.svg?no-inline";
import whale from "@twemoji/svg/1f40b.svg?no-inline";
import tiger from "@twemoji/svg/1f405.svg?no-inline";
import moose from "@twemoji/svg/1face.svg?no-inline";
import boar from "@twemoji/svg/1f417.svg?no-inline";
import rhino from "@twemoji/svg/1f98f.svg?no-inline";
import llama from "@twemoji/svg/1f999.svg?no-inline";
import sloth from "@twemoji/svg/1f9a5.svg?no-inline";
import mammoth from "@twemoji/svg/1f9a3.svg?no-inline";
import elephant from "@twemoji/svg/1f418.svg?no-inline";

/** The picture of each card, by card id (games/first_giants/data/cards.json); an egg card shows a nest. */
export const CARD_PICTURES: readonly string[] = [
  // Carnivores 0-10 (theropods, Compsognathus to Spinosaurus), 11 the egg.
  ...Array<string>(11).fill(theropod),
  nest,
  // Herbivores: Protoceratops, Pachycephalosaurus, Psittacosaurus, Hypsilophodon,
  // Stegosaurus, Ankylosaurus, Iguanodon, Parasaurolophus, Triceratops,
  // Brachiosaurus, Diplodocus; 23 the egg.
  ceratopsian,
  ornithopod,
  ceratopsian,
  ornithopod,
  stegosaur,
  ankylosaur,
  ornithopod,
  ornithopod,
  ceratopsian,
  sauropod,
  sauropod,
  nest,
  // Flyers 24-34 (pterosaurs, Pterodactylus to Arambourgiania), 35 the egg.
  ...Array<string>(11).fill(pterosaur),
  nest,
  // Swimmers: Placodus, Nothosaurus, Keichousaurus, Ichthyosaurus, Plesiosaurus,
  // Tylosaurus, Elasmosaurus, Liopleurodon, Mosasaurus, Kronosaurus,
  // Shonisaurus; 47 the egg.
  turtle,
  lizard,
  lizard,
  dolphin,
  plesiosaur,
  crocodile,
  plesiosaur,
  pliosaur,
  crocodile,
  pliosaur,
  whale,
  nest,
  // Mammals: Smilodon, Doedicurus, Megaloceros, Andrewsarchus, Glyptodon,
  // Woolly rhino, Macrauchenia, Megatherium, Mammoth, Paraceratherium,
  // Deinotherium; 59 the egg.
  tiger,
  glyptodont,
  moose,
  boar,
  glyptodont,
  rhino,
  llama,
  sloth,
  mammoth,
  rhino,
  elephant,
  nest,
];

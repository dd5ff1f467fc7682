/**
 * An antd icon named by a string (an application's or a subject's `icon`): the APP_ICONS of
 * contracts/constants.ts, mapped here one by one so the bundle carries these 40 icons and not all
 * of @ant-design/icons. An unknown or empty name draws `fallback` (default AppstoreOutlined).
 */
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FlagOutlined,
  FolderOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InsuranceOutlined,
  LineChartOutlined,
  PieChartOutlined,
  ProjectOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SecurityScanOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import React from 'react';
import type { AppIcon } from '../../contracts/constants';

type IconComponent = typeof AppstoreOutlined;

/** Every APP_ICONS name → its component (the type makes a missing one a compile error). */
export const ICONS: Record<AppIcon, IconComponent> = {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FlagOutlined,
  FolderOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InsuranceOutlined,
  LineChartOutlined,
  PieChartOutlined,
  ProjectOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SecurityScanOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
};

/** True when `name` is one of APP_ICONS. */
export function isAppIcon(name: string): name is AppIcon {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

/** `name` as an APP_ICONS name, or null (unknown or empty): what icon pickers take as a value. */
export function appIconOf(name: string | null | undefined): AppIcon | null {
  return name && isAppIcon(name) ? name : null;
}

/** Draws the icon `name` (an APP_ICONS name), or `fallback` for null/unknown names. */
export default function IconByName({
  name,
  fallback = AppstoreOutlined,
  style,
}: {
  name: string | null | undefined;
  fallback?: IconComponent;
  style?: React.CSSProperties;
}) {
  const Icon = name && isAppIcon(name) ? ICONS[name] : fallback;
  return <Icon style={style} />;
}
